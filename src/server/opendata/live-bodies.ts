import type { DatasetName } from "../../domain/datadesk/record-kinds";
import type { EstimatesFile } from "../../domain/opendata/datasets";
import type { StaticDatasetId, StaticDatasets } from "../../domain/opendata/static-documents";
import type { PublishedData, PublishedDataSource } from "../datadesk/published-data";
import { datasetVersionsNow, publishedDataAt } from "../datadesk/published-data-db";
import type { Database } from "../db/database";
import { OpenDataBodies } from "./static-bodies";
import { stateBoundaries } from "./state-boundaries";
import type { StateBoundaries } from "../../domain/opendata/boundaries";

// The open-data downloads follow the published data: made again once per generation (on this instance or
// another, the PublishedDataSource tells), never per request. A dataset's earlier version (?version=N)
// is made from data_record_versions on its first request and kept a while: it never changes.

/** Versions kept in memory: a citation's download is asked for again and again, most others rarely. */
const KEPT_VERSIONS = 16;
/** A publication that lands while the downloads are being made is made again at once, a few times. */
const MAX_REMAKES = 3;

function staticDatasetsOf(data: PublishedData, boundaries: StateBoundaries): StaticDatasets {
  return {
    boundaries,
    states: data.states,
    schools: data.schools,
    closedSchools: data.closedSchools,
    estimates: data.estimates as unknown as EstimatesFile,
  };
}

export class LiveBodies {
  private bodies: OpenDataBodies | null = null;
  private making: Promise<OpenDataBodies> | null = null;
  /** The newest generation announced: bodies older than it are not served. */
  private wanted = -Infinity;
  private readonly versions = new Map<string, Promise<OpenDataBodies | null>>();
  /** Subscribed on first use: an app that serves no download (most API tests) never polls. */
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly source: PublishedDataSource,
    private readonly db: Database,
    /** Told of each new set of downloads (the server compresses them ahead of requests). */
    private readonly made: (bodies: OpenDataBodies) => void = () => undefined,
  ) {}

  private follow(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.source.onChange((generation) => {
      this.wanted = Math.max(this.wanted, generation);
      void Promise.resolve(this.get()).catch(() => undefined);
    });
  }

  /** The downloads if they are of the newest generation known, without waiting; else null. */
  fresh(): OpenDataBodies | null {
    return this.bodies && this.bodies.generation >= this.wanted ? this.bodies : null;
  }

  /** The downloads of the data as published now. */
  get(): Promise<OpenDataBodies> | OpenDataBodies {
    const fresh = this.fresh();
    if (fresh) return fresh;
    this.follow();
    this.making ??= this.make().finally(() => {
      this.making = null;
    });
    return this.making;
  }

  private async make(): Promise<OpenDataBodies> {
    for (let attempt = 0; ; attempt += 1) {
      const [data, boundaries] = await Promise.all([this.source.current(), stateBoundaries()]);
      if (!this.bodies || this.bodies.generation !== data.generation) {
        const versions = await datasetVersionsNow(this.db);
        const bodies = new OpenDataBodies(
          data.generation,
          staticDatasetsOf(data, boundaries),
          versions,
          this.bodies,
        );
        if (!this.bodies || bodies.generation > this.bodies.generation) {
          this.bodies = bodies;
          this.made(bodies);
        }
      }
      // A publication announced meanwhile: its data is read again (the source dropped its snapshot).
      if (this.bodies && (this.bodies.generation >= this.wanted || attempt >= MAX_REMAKES)) {
        return this.bodies;
      }
    }
  }

  /** The downloads of one dataset as it was at version N; null when it has no such version. */
  async atVersion(dataset: StaticDatasetId, version: number): Promise<OpenDataBodies | null> {
    const key = `${dataset}@${version}`;
    let kept = this.versions.get(key);
    if (!kept) {
      kept = this.makeVersion(dataset, version);
      this.versions.set(key, kept);
      // A failure (the database away) is not kept; an unknown version is not either, it may come.
      void kept.then(
        (made) => {
          if (!made) this.versions.delete(key);
        },
        () => this.versions.delete(key),
      );
      while (this.versions.size > KEPT_VERSIONS) {
        const oldest = this.versions.keys().next().value;
        if (oldest === undefined) break;
        this.versions.delete(oldest);
      }
    }
    return kept;
  }

  private async makeVersion(dataset: StaticDatasetId, version: number): Promise<OpenDataBodies | null> {
    const then = await publishedDataAt(this.db, dataset as DatasetName, version);
    if (!then) return null;
    // The other datasets as now: a school's state_id is read from the states' names, which never change.
    const now = await this.get();
    const datasets: StaticDatasets = { ...now.datasets };
    if (dataset === "states") datasets.states = then.states;
    if (dataset === "schools") {
      datasets.schools = then.schools;
      datasets.closedSchools = then.closedSchools;
    }
    if (dataset === "estimates" && then.estimates) {
      datasets.estimates = then.estimates as unknown as EstimatesFile;
    }
    const versions = new Map(now.versions);
    versions.set(dataset, { version, publishedAt: then.publishedAt });
    return new OpenDataBodies(-1, datasets, versions);
  }

  /** The current version of a dataset and when it changed last. */
  async latestVersion(dataset: StaticDatasetId) {
    return (await this.get()).versions.get(dataset) ?? null;
  }

  close(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
