// What the bench's child processes (server-process.ts, proxy-process.ts) tell the bench over Node's IPC
// channel: a server measures its own memory and CPU time and sends them, so the product needs no debug
// endpoint.

export interface ReadyMessage {
  type: "ready";
  port: number;
  /** Set when this process seeded the users table. */
  seeded?: { users: number; ms: number };
}

/** Sent every second by a server. */
export interface SampleMessage {
  type: "sample";
  /** Milliseconds since the epoch. */
  at: number;
  rss: number;
  heapUsed: number;
  /** CPU time of the process since it started (user + system, every thread), in microseconds. */
  cpuMicros: number;
}

export interface FailedMessage {
  type: "failed";
  message: string;
}

export type ChildMessage = ReadyMessage | SampleMessage | FailedMessage;

/** The bench asks a child to close and exit. */
export interface StopMessage {
  type: "stop";
}

/**
 * The bench asks a server to run a full garbage collection before each sample (`on`), or to stop: during
 * the memory run only, so its figures are the live heap, and the other runs are not slowed by it.
 */
export interface FullGcMessage {
  type: "full-gc-before-samples";
  on: boolean;
}

export function isChildMessage(value: unknown): value is ChildMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === "ready" || type === "sample" || type === "failed";
}

export function isStopMessage(value: unknown): value is StopMessage {
  return (value as { type?: unknown } | null)?.type === "stop";
}

export function isFullGcMessage(value: unknown): value is FullGcMessage {
  const message = value as { type?: unknown; on?: unknown } | null;
  return message?.type === "full-gc-before-samples" && typeof message.on === "boolean";
}
