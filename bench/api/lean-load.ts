import net from "node:net";
import type { LoadFigures } from "./summary";

// A lean load generator for GET requests whose answers are large (the open-data downloads: about 20 KB
// of brotli each). autocannon runs every response through its HTTP parser and bookkeeping; with the
// server and the load generator sharing two cores, a 20 KB body cost the generator so much CPU that the
// server sat at a third of a core while the machine was full (bench/README.md, "Open data"): the rate
// measured the client. This one keeps each connection alive, sends one request at a time, reads the
// status line and headers, then only counts the body's bytes. Health is measured with it too, right
// before, so the ratio compares like with like.

export interface LeanRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface LeanOptions {
  port: number;
  host?: string;
  connections: number;
  durationSeconds: number;
  timeoutSeconds: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");

/** What one response looks like to the parser: done when the body's declared bytes have arrived. */
interface ResponseState {
  head: Buffer;
  status: number;
  remaining: number;
  /** Chunked bodies are read to their terminating chunk. */
  chunked: boolean;
  chunkTail: string;
  headParsed: boolean;
}

function newResponse(): ResponseState {
  return { head: Buffer.alloc(0), status: 0, remaining: 0, chunked: false, chunkTail: "", headParsed: false };
}

/**
 * Feeds bytes to the response; returns the bytes left over after it completed (the next response's
 * start: there is none without pipelining, but a server may send a stray byte), or null when it needs more.
 */
export function feedResponse(state: ResponseState, chunk: Buffer): Buffer | null {
  let body = chunk;
  if (!state.headParsed) {
    state.head = state.head.length ? Buffer.concat([state.head, chunk]) : chunk;
    const end = state.head.indexOf(HEADER_END);
    if (end === -1) {
      // Kept for the next read, which overwrites the buffer these bytes are in.
      state.head = Buffer.from(state.head);
      return null;
    }
    const headText = state.head.subarray(0, end).toString("latin1");
    body = state.head.subarray(end + HEADER_END.length);
    state.headParsed = true;
    state.status = Number(headText.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(headText);
    state.chunked = /\r\ntransfer-encoding:\s*chunked/i.test(headText);
    state.remaining = length ? Number(length[1]) : 0;
  }
  if (state.chunked) {
    // The body ends with a zero-size chunk: "0\r\n\r\n". Only the tail is kept to find it.
    state.chunkTail = (state.chunkTail + body.toString("latin1")).slice(-7);
    return state.chunkTail.endsWith("\r\n0\r\n\r\n") || state.chunkTail === "0\r\n\r\n"
      ? Buffer.alloc(0)
      : null;
  }
  if (body.length < state.remaining) {
    state.remaining -= body.length;
    return null;
  }
  const rest = body.subarray(state.remaining);
  state.remaining = 0;
  return rest;
}

function percentile(sorted: Float64Array, share: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * What one run of the load saw, kept whole so that several runs of one request (slices interleaved with
 * other requests' slices, load.ts) are reported as one: percentiles need every latency, not each slice's.
 */
export interface LeanRun {
  /** Milliseconds, one per completed request. */
  latencies: number[];
  statusCodes: Record<string, number>;
  bytes: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  seconds: number;
}

/** Runs the load and reports it in the figures autocannon's runs are reported in. */
export async function runLeanLoad(request: LeanRequest, options: LeanOptions): Promise<LoadFigures> {
  return leanFigures([await runLeanLoadOnce(request, options)]);
}

/** One run of the load, as it was seen. */
export async function runLeanLoadOnce(request: LeanRequest, options: LeanOptions): Promise<LeanRun> {
  const host = options.host ?? "127.0.0.1";
  const headerLines = Object.entries({ host: `${host}:${options.port}`, ...request.headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const wire = Buffer.from(`GET ${request.path} HTTP/1.1\r\n${headerLines}\r\n`, "latin1");

  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let bytes = 0;
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  const startedAt = performance.now();
  const stopAt = startedAt + options.durationSeconds * 1000;

  // Every read lands in one buffer per connection (net's `onread`): no allocation and no stream events
  // per read, which at 20 KB an answer were most of the generator's work.
  const inFlight = new Set<{ sentAt: number; socket: net.Socket }>();
  const runConnection = () =>
    new Promise<void>((resolve) => {
      const readBuffer = Buffer.allocUnsafe(64 * 1024);
      const pending = { sentAt: 0, socket: undefined as unknown as net.Socket };
      let state = newResponse();
      let answered = false;
      const send = () => {
        // Each connection's first request goes out however late it connected: a process stalled while
        // connecting would otherwise end a short run with nothing measured.
        if (answered && performance.now() >= stopAt) {
          pending.socket.end();
          return;
        }
        state = newResponse();
        pending.sentAt = performance.now();
        inFlight.add(pending);
        pending.socket.write(wire);
      };
      const connect = () => {
        const socket = net.connect({
          port: options.port,
          host,
          noDelay: true,
          onread: {
            buffer: readBuffer,
            // The bytes are in readBuffer (net hands back the buffer it was given). True: keep reading.
            callback: (length) => {
              bytes += length;
              if (feedResponse(state, readBuffer.subarray(0, length)) === null) return true;
              inFlight.delete(pending);
              latencies.push(performance.now() - pending.sentAt);
              statusCodes[state.status] = (statusCodes[state.status] ?? 0) + 1;
              if (state.status < 200 || state.status > 299) non2xx += 1;
              answered = true;
              send();
              return true;
            },
          },
        });
        pending.socket = socket;
        socket.on("connect", send);
        socket.on("error", () => {
          // Counted once, in close: an error is always followed by close.
        });
        socket.on("close", (hadError) => {
          inFlight.delete(pending);
          if (hadError) errors += 1;
          // A connection lost before the end is opened again, as a browser would.
          if (performance.now() < stopAt) connect();
          else resolve();
        });
      };
      connect();
    });

  // One timer for all connections instead of one per request: an answer later than the timeout is
  // counted and its connection dropped (and opened again).
  const timeoutMs = options.timeoutSeconds * 1000;
  const watchdog = setInterval(
    () => {
      const now = performance.now();
      for (const request of inFlight) {
        if (now - request.sentAt < timeoutMs) continue;
        inFlight.delete(request);
        timeouts += 1;
        errors += 1;
        request.socket.destroy();
      }
    },
    Math.min(250, timeoutMs / 4),
  );

  await Promise.all(Array.from({ length: options.connections }, runConnection));
  clearInterval(watchdog);
  const seconds = (performance.now() - startedAt) / 1000;
  return { latencies, statusCodes, bytes, errors, timeouts, non2xx, seconds };
}

/** The figures of one or more runs of the same request, as if they were one run of their summed time. */
export function leanFigures(runs: readonly LeanRun[]): LoadFigures {
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = runs.reduce((total, run) => total + run.seconds, 0);
  const bytes = runs.reduce((total, run) => total + run.bytes, 0);
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, count] of Object.entries(run.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
  }
  const counted = (name: "errors" | "timeouts" | "non2xx") =>
    runs.reduce((total, run) => total + run[name], 0);
  const sorted = Float64Array.from(latencies).sort();
  const sum = latencies.reduce((total, value) => total + value, 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    requestsPerSecond: round(seconds > 0 ? latencies.length / seconds : 0),
    requests: latencies.length,
    durationSeconds: round(seconds),
    latencyMs: {
      p50: round(percentile(sorted, 0.5)),
      p97_5: round(percentile(sorted, 0.975)),
      p99: round(percentile(sorted, 0.99)),
      average: round(latencies.length ? sum / latencies.length : 0),
      max: round(sorted.at(-1) ?? 0),
    },
    errors: counted("errors"),
    timeouts: counted("timeouts"),
    non2xx: counted("non2xx"),
    statusCodes,
    bytesPerSecond: round(seconds > 0 ? bytes / seconds : 0),
    machineBusyCores: null,
  };
}
