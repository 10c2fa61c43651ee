import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { RecordKind } from "../../domain/datadesk/record-kinds";
import { datasetOf } from "../../domain/datadesk/record-kinds";
import {
  countrySchema,
  estimatesSchema,
  schoolFileSchema,
  stateFileSchema,
} from "../../domain/datasets/schemas";
import { withRecordSources } from "../../domain/datasets/record-sources";
import type { Database } from "../db/database";
import { dataRecordVersions, dataRecords, datasetVersions } from "../db/schema";

// data/*.json is the seed of an empty database: the first start-up copies it in (version 1 of every record
// and of every dataset); a database that holds any record is never touched by the seed again.

/** The estimates dataset's own description (about, fields, headline, as_of, the estimates' order). */
export const ESTIMATES_DATASET_ID = "_dataset";
export const COUNTRY_ID = "NG";

export interface SeedRecord {
  kind: RecordKind;
  id: string;
  data: unknown;
  /** The record's "as of" (YYYY-MM), its first "last checked". */
  asOf: string;
}

const defaultDataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../data");

async function readJson(dataDir: string, file: string): Promise<unknown> {
  return JSON.parse(await readFile(path.join(dataDir, file), "utf8"));
}

/** The seed's records, checked against the datasets' schemas (a broken seed stops the start-up). */
export async function readSeed(dataDir = defaultDataDir): Promise<SeedRecord[]> {
  // The files list bare addresses; the database keeps each as a source, read in the record's "as of" month.
  const states = stateFileSchema
    .array()
    .parse(await readJson(dataDir, "states.json"))
    .map(withRecordSources);
  const schools = schoolFileSchema
    .array()
    .parse(await readJson(dataDir, "schools.json"))
    .map(withRecordSources);
  const country = countrySchema.parse(await readJson(dataDir, "country-ng.json"));
  const { estimates, ...estimatesDataset } = estimatesSchema.parse(await readJson(dataDir, "estimates.json"));
  return [
    ...states.map((state) => ({
      kind: "state" as const,
      id: String(state.id),
      data: state,
      asOf: state.as_of,
    })),
    ...schools.map((school) => ({
      kind: "school" as const,
      id: String(school.id),
      data: school,
      asOf: school.as_of,
    })),
    { kind: "country", id: COUNTRY_ID, data: country, asOf: country.as_of },
    {
      kind: "estimate",
      id: ESTIMATES_DATASET_ID,
      data: { ...estimatesDataset, order: estimates.map((estimate) => estimate.id) },
      asOf: estimatesDataset.as_of,
    },
    ...estimates.map((estimate) => ({
      kind: "estimate" as const,
      id: estimate.id,
      data: estimate,
      asOf: estimatesDataset.as_of,
    })),
  ];
}

/** "2026-11" → the first day of that month, the seed's "last checked". */
function monthStart(asOf: string): Date {
  return new Date(`${asOf}-01T00:00:00Z`);
}

/**
 * Copies the seed into an empty database in one transaction. Several instances may start at once against
 * one PostgreSQL: the transaction takes a lock first, so exactly one seeds and the others find it done.
 */
export async function seedDataDesk(
  db: Database,
  records: SeedRecord[],
  at: Date,
): Promise<"seeded" | "kept"> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table data_records in share row exclusive mode`);
    const existing = await tx.select({ id: dataRecords.id }).from(dataRecords).limit(1);
    if (existing.length > 0) return "kept";
    // Inserted in slices: one statement with every record would pass PostgreSQL's parameter limit.
    for (let start = 0; start < records.length; start += 200) {
      const slice = records.slice(start, start + 200);
      await tx.insert(dataRecords).values(
        slice.map((record) => ({
          kind: record.kind,
          id: record.id,
          version: 1,
          data: record.data,
          checkedAt: monthStart(record.asOf),
          updatedAt: at,
        })),
      );
      await tx.insert(dataRecordVersions).values(
        slice.map((record) => ({
          kind: record.kind,
          recordId: record.id,
          version: 1,
          data: record.data,
          status: "open" as const,
          datasetVersion: 1,
          publishedAt: at,
        })),
      );
    }
    const datasets = [...new Set(records.map((record) => datasetOf[record.kind]))];
    await tx
      .insert(datasetVersions)
      .values(datasets.map((dataset) => ({ dataset, version: 1, publishedAt: at })));
    return "seeded";
  });
}

/**
 * What a start-up does (main.ts, the bench's server) once the migrations ran: seeds an empty database from
 * data/*.json, and keeps one that holds data as it is (edits included).
 */
export async function seedAtStartUp(db: Database, now: Date, dataDir = defaultDataDir) {
  return seedDataDesk(db, await readSeed(dataDir), now);
}
