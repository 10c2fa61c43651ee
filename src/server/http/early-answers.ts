import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { FastifyServerFactory } from "fastify";

// A few answers are given by the HTTP server itself, before Fastify sees the request: the health check's
// good answer (health/routes.ts), which monitors and load balancers poll all the time. Through Fastify,
// even prepared, that answer took 1.4 to 1.5 times the server CPU of a bare Fastify route (the API bench's
// servers, side by side; the CPU profile spreads it over the request's child logger and response
// listeners, the global hooks, the router, the reply's headers copied one by one); written here with its
// headers as one prepared list, it takes what the bare route does. Each early answer decides for itself,
// per request, whether it may answer (anything unusual goes on to Fastify), and says so; while the app
// closes, every request goes to Fastify, which refuses new ones as it always has.

/** Answers `request` and says true, or says false and leaves it to Fastify. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

export class EarlyAnswers {
  readonly #byUrl = new Map<string, EarlyAnswer>();
  #closing = false;
  /** How many requests were answered early (tests read it). */
  answered = 0;

  /** `answer` is asked first about each request for exactly `url`: its path, without a query. */
  add(url: string, answer: EarlyAnswer): void {
    if (this.#byUrl.has(url)) throw new Error(`An early answer for ${url} is already there.`);
    this.#byUrl.set(url, answer);
  }

  /** From now on, every request goes to Fastify (the app is closing). */
  close(): void {
    this.#closing = true;
  }

  /** The server's request listener: an early answer when one is given, else `next` (Fastify's). */
  listener(
    next: (request: IncomingMessage, response: ServerResponse) => void,
  ): (request: IncomingMessage, response: ServerResponse) => void {
    return (request, response) => {
      const answer = this.#closing ? undefined : this.#byUrl.get(request.url ?? "");
      if (answer?.(request, response)) {
        this.answered += 1;
        return;
      }
      next(request, response);
    };
  }
}

/** True when the request announces a body: such a request goes to Fastify, whose hooks watch bodies. */
export function announcesBody(request: IncomingMessage): boolean {
  return (
    Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined
  );
}

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify itself makes (its `http` options, keep-alive,
 * request and idle timeouts), whose requests are offered to `answers` first.
 */
export function serverWithEarlyAnswers(answers: EarlyAnswers): FastifyServerFactory {
  return (handler, options) => {
    const settings = options as {
      http?: Parameters<typeof createServer>[0];
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number | null;
    };
    const server: Server = createServer(settings.http ?? {}, answers.listener(handler));
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    if (settings.maxRequestsPerSocket && settings.maxRequestsPerSocket > 0)
      server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
    return server;
  };
}
