// autocannon 8 ships no types and @types/autocannon is not installed: the part of its API the bench uses.
declare module "autocannon" {
  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    headers?: Record<string, string>;
    body?: string | Buffer;
    /**
     * Requests per second over all connections (a steady rate); latencies are corrected for coordinated
     * omission unless told otherwise (a request sent late counts from when it was due).
     */
    overallRate?: number;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    title?: string;
    /** Called with each connection's client as it is made (the bench uses it to drop response bodies). */
    setupClient?: (client: Client) => void;
    /** A first run whose figures are dropped (JIT, caches, pools), before the measured one. */
    warmup?: { connections?: number; duration?: number };
  }

  /** The part of a connection's client the bench touches: the queue that collects each response's body. */
  interface Client {
    pipelinedRequests: { addBody(data: Buffer): void };
  }

  /** Percentiles of a histogram, as autocannon names them (p97_5 is the 97.5th). */
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  interface AutocannonResult {
    title?: string;
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Histogram;
    /** Requests per one-second sample; `total` is every completed request. */
    requests: Histogram & { sent: number };
    /** Bytes per one-second sample. */
    throughput: Histogram;
  }

  /** An event emitter that is also a thenable of the result. */
  interface Instance extends PromiseLike<AutocannonResult> {
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): Instance;
  export default autocannon;
  export type { AutocannonOptions, AutocannonResult, Client, Histogram };
}
