import { datasetVersionsNow } from "../datadesk/published-data-db";
import type { Database } from "../db/database";

// Each dataset's version now and when it last changed, for the /data page (src/web/app/datasets.ts names
// the same shape): read at each render, which a publication (the only thing that changes them) forces.

export interface DatasetVersionsReader {
  /** By dataset (states, schools, estimates, …): the version and its publication (ISO date-time). */
  versions(): Promise<Record<string, { version: number; changedAt: string }>>;
}

export function datasetVersionsReader(db: Database): DatasetVersionsReader {
  return {
    async versions() {
      const now = await datasetVersionsNow(db);
      return Object.fromEntries(
        [...now].map(([dataset, { version, publishedAt }]) => [
          dataset,
          { version, changedAt: publishedAt.toISOString() },
        ]),
      );
    },
  };
}
