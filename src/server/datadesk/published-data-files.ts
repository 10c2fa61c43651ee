import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RecordKind } from "../../domain/datadesk/record-kinds";
import { COUNTRY_ID, readSeed } from "./seed";
import type { PublishedData, PublishedDataSource } from "./published-data";
import {
  countrySchema,
  estimatesSchema,
  schoolFileSchema,
  stateFileSchema,
} from "../../domain/datasets/schemas";
import { withRecordSources } from "../../domain/datasets/record-sources";
import { readFile } from "node:fs/promises";

// The published data read from data/*.json: what the pages show where no data desk database answers (the
// page renderer's tests, and `npm start` until the database-backed source is wired in). `publish` swaps the
// data in memory and raises the generation, as a publication on the data desk does, so a test can watch
// the pages follow it.

const defaultDataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../data");

export interface FilePublishedDataSource extends PublishedDataSource {
  /** Replaces the published data (the generation moves on by one) and tells every listener. */
  publish(change: (data: PublishedData) => PublishedData): Promise<PublishedData>;
}

async function readJson(dataDir: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dataDir, file), "utf8"));
}

/** data/*.json (or another folder of the same files), checked against the datasets' schemas. */
export async function readPublishedDataFiles(dataDir = defaultDataDir): Promise<PublishedData> {
  const [states, schools, country, estimates, seed] = await Promise.all([
    readJson(dataDir, "states.json").then((json) =>
      stateFileSchema.array().parse(json).map(withRecordSources),
    ),
    readJson(dataDir, "schools.json").then((json) =>
      schoolFileSchema.array().parse(json).map(withRecordSources),
    ),
    readJson(dataDir, "country-ng.json").then((json) => countrySchema.parse(json)),
    readJson(dataDir, "estimates.json").then((json) => estimatesSchema.parse(json)),
    readSeed(dataDir),
  ]);
  const checkedAt: Record<RecordKind, Record<string, string>> = {
    state: {},
    school: {},
    estimate: {},
    country: {},
  };
  // As the seed has it: a record was last checked at the start of its "as of" month.
  for (const record of seed) checkedAt[record.kind][record.id] = `${record.asOf}-01T00:00:00.000Z`;
  checkedAt.country[COUNTRY_ID] ??= `${country.as_of}-01T00:00:00.000Z`;
  return {
    generation: 1,
    states,
    schools,
    closedSchools: [],
    mergedSchools: {},
    fieldSources: { state: {}, school: {} },
    country,
    estimates,
    checkedAt,
  };
}

export async function filePublishedDataSource(dataDir = defaultDataDir): Promise<FilePublishedDataSource> {
  let data = await readPublishedDataFiles(dataDir);
  const listeners = new Set<(generation: number) => void>();
  return {
    current: async () => data,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async publish(change) {
      data = { ...change(data), generation: data.generation + 1 };
      for (const listener of listeners) listener(data.generation);
      return data;
    },
    async close() {
      listeners.clear();
    },
  };
}
