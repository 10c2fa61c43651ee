import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import type { IncomingMessage } from "node:http";

// A refusal answered before the request's body has arrived (413 too large, or a 4xx decided from the
// headers) must reach a client that is still sending. Closing the socket at once makes the kernel answer
// the body still coming with a reset, which throws away the answer the client has not read yet (it sees
// EPIPE or ECONNRESET instead). So, as web servers' "lingering close" does: the answer is sent with
// `Connection: close`, the sending side is shut (the client reads the answer, then the end), and what the
// client still sends is read and thrown away, up to a bounded amount and time, before the socket closes.

export interface LingerLimits {
  /** Bytes read and thrown away after the answer, at most. */
  maxBytes: number;
  /** How long after the answer the socket is kept open for that, at most. */
  maxMs: number;
}

/** Past the largest refused body a client is likely to be finishing, and a few seconds: then cut off. */
export const lingerLimits: LingerLimits = { maxBytes: 8 * 1024 * 1024, maxMs: 5000 };

/** Installs the lingering close on every failure answered before its request's body was read whole. */
export function lingerAfterRefusingUnreadBodies(
  app: FastifyInstance,
  limits: LingerLimits = lingerLimits,
): void {
  // A callback hook, not an async one: every answer passes here.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && hasUnreadBody(request.raw)) {
      // The rest of the body is not read for a next request on this connection: it ends after this one.
      reply.header("connection", "close");
      lingerInsteadOfClosing(request.raw, limits);
    }
    done(null, payload);
  });
}

function hasUnreadBody(request: IncomingMessage): boolean {
  const announced =
    Number(request.headers["content-length"] ?? 0) > 0 || request.headers["transfer-encoding"] !== undefined;
  return announced && !request.complete;
}

type ClosableSocket = Socket & { destroySoon?: () => void };

const lingering = new WeakSet<Socket>();

/**
 * Node's HTTP server ends a `Connection: close` exchange with `socket.destroySoon()`: the socket is
 * destroyed as soon as the answer is written. For this socket only, that becomes: shut the sending side
 * after the answer, drop the rest of the body as it comes, and close once the body has ended or the limits
 * are reached.
 */
function lingerInsteadOfClosing(request: IncomingMessage, limits: LingerLimits): void {
  const socket = request.socket as ClosableSocket;
  if (lingering.has(socket) || typeof socket.destroySoon !== "function") return;
  lingering.add(socket);
  // The body is read from now on, rather than left for Node to skip unread, so that it can be counted
  // (and a body parser that stopped reading cannot leave the request paused, which would stop the socket).
  let dropped = 0;
  let closeIfOverBudget = () => {};
  request.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    closeIfOverBudget();
  });
  request.resume();
  socket.destroySoon = () => {
    socket.end();
    const close = () => {
      clearTimeout(deadline);
      socket.destroy();
    };
    const deadline = setTimeout(close, limits.maxMs);
    deadline.unref();
    socket.once("close", () => clearTimeout(deadline));
    if (request.complete) {
      close();
      return;
    }
    const budgetEnd = dropped + limits.maxBytes;
    closeIfOverBudget = () => {
      if (dropped > budgetEnd) close();
    };
    request.once("end", close);
  };
}
