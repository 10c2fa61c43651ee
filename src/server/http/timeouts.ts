import type { FastifyInstance, FastifyRequest } from "fastify";
import type { HttpTimeouts } from "../config";

// A slow client must not hold a socket open (slowloris): Node's own limits cover headers, the whole
// request, idle sockets and kept-alive ones (buildApp passes them to the HTTP server); this hook adds a
// minimum rate for request bodies, which those cannot express. A body that arrives slower than
// `minBodyBytesPerSecond` over a window is cut off, except while the server itself has paused reading
// (back-pressure while it processes what came), which is not the client's fault.

/** The options Fastify passes to Node's HTTP server. */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // How often Node checks the header and request limits (its default, 30 s, would let them slip).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
  };
}

export function enforceMinimumBodyRate(app: FastifyInstance, timeouts: HttpTimeouts): void {
  const windowBytes = (timeouts.minBodyBytesPerSecond * timeouts.bodyRateWindowMs) / 1000;
  // A callback hook, not an async one: every request passes here, and most have no body at all.
  app.addHook("onRequest", (request, _reply, done) => {
    watchBodyRate(request);
    done();
  });

  function watchBodyRate(request: FastifyRequest): void {
    const raw = request.raw;
    const socket = raw.socket as (typeof raw.socket & { bytesRead?: number }) | undefined;
    const hasBody =
      Number(request.headers["content-length"] ?? 0) > 0 ||
      request.headers["transfer-encoding"] !== undefined;
    if (!hasBody || raw.complete || typeof socket?.bytesRead !== "number") return;
    let lastBytes = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) {
        clearInterval(timer);
        return;
      }
      const bytes = socket.bytesRead;
      const paused = raw.isPaused() || raw.readableFlowing === false;
      if (!paused && bytes - lastBytes < windowBytes) {
        clearInterval(timer);
        request.log.warn(
          { bytesInWindow: bytes - lastBytes, windowMs: timeouts.bodyRateWindowMs },
          "request body too slow; connection closed",
        );
        socket.destroy();
        return;
      }
      lastBytes = bytes;
    }, timeouts.bodyRateWindowMs);
    timer.unref();
    raw.once("close", () => clearInterval(timer));
  }
}
