import type { Database } from "../db/database";
import { countVerifiedByState } from "./review-store";

// How many verified eyewitness reports each state has, as the explorer's pages show them, and a signal
// when a review changes them: the kept pages (site/page-renderer.ts) are rendered again then. The signal is
// this instance's; other instances' pages follow at their next publication.

export interface VerifiedReportCounts {
  countByState(): Promise<{ stateId: number; verified: number }[]>;
  /** Calls `listener` whenever changed() is; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /** A report was published, unpublished or withdrawn. */
  changed(): void;
}

export function verifiedReportCounts(db: Database): VerifiedReportCounts {
  const listeners = new Set<() => void>();
  return {
    countByState: () => countVerifiedByState(db),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed() {
      for (const listener of listeners) listener();
    },
  };
}
