// Counters for rate limits: fixed windows, one counter per key. In memory for a single instance; in
// Redis (redis-store.ts) when several instances must share them (DESIGN §2).

export interface WindowCount {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  msLeft: number;
}

export interface RateLimitStore {
  /** Counts one hit for the key and returns the window's total. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private hitsSinceSweep = 0;

  constructor(private readonly nowMs: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.nowMs();
    this.sweepNowAndThen(now);
    const current = this.windows.get(key);
    const window =
      current && current.resetAt > now
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: now + windowMs };
    this.windows.set(key, window);
    return { count: window.count, msLeft: window.resetAt - now };
  }

  async close(): Promise<void> {
    this.windows.clear();
  }

  // Forget ended windows from time to time, so a flood of distinct keys cannot grow memory for ever.
  private sweepNowAndThen(now: number) {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 1000) return;
    this.hitsSinceSweep = 0;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
