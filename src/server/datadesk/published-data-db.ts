import { and, asc, desc, eq, inArray, lte } from "drizzle-orm";
import type { DatasetName, RecordKind, RecordStatus } from "../../domain/datadesk/record-kinds";
import { recordKinds } from "../../domain/datadesk/record-kinds";
import type { Country, Estimates, School, StateRecord } from "../../domain/datasets/schemas";
import type { Database, DatabaseHandle, Unlisten } from "../db/database";
import type { FieldSource, RecordFieldSources } from "../../domain/field-sources";
import {
  dataChanges,
  dataDocuments,
  dataGeneration,
  dataRecordVersions,
  dataRecords,
  datasetVersions,
} from "../db/schema";
import type { PublishedData, PublishedDataSource } from "./published-data";
import { storedDocumentWithSources } from "../../domain/datasets/record-sources";
import { COUNTRY_ID, ESTIMATES_DATASET_ID } from "./seed";
import { DATA_PUBLISHED_CHANNEL, type Queryable } from "./generation";

// The published data read from the data desk's tables, kept in memory until the data's generation moves.
// Each publication raises the generation in its own transaction and announces it with NOTIFY (delivered at
// commit), so every instance learns of it at once; a poll of the generation every 2 s is the safety net
// for a NOTIFY missed (a listening connection lost, a proxy in between that drops it).

export const GENERATION_POLL_MS = 2_000;

export async function readGeneration(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ generation: dataGeneration.generation })
    .from(dataGeneration)
    .where(eq(dataGeneration.id, 1));
  return Number(row?.generation ?? 0);
}

interface RecordRow {
  kind: RecordKind;
  id: string;
  data: unknown;
  status: RecordStatus;
}

const byNumericId = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);

/** The estimates file's shape: the dataset's description, then its estimates in the description's order. */
function estimatesFrom(rows: readonly RecordRow[]): Estimates | null {
  const dataset = rows.find((row) => row.id === ESTIMATES_DATASET_ID)?.data as
    (Omit<Estimates, "estimates"> & { order?: string[] }) | undefined;
  if (!dataset) return null;
  const estimates = new Map(
    rows.filter((row) => row.id !== ESTIMATES_DATASET_ID).map((row) => [row.id, row.data]),
  );
  const order = dataset.order ?? [];
  // An estimate missing from the order (added without it) still appears, after the ordered ones.
  const ids = [
    ...order.filter((id) => estimates.has(id)),
    ...[...estimates.keys()].filter((id) => !order.includes(id)).sort(),
  ];
  return {
    as_of: dataset.as_of,
    about: dataset.about,
    fields: dataset.fields,
    headline: dataset.headline,
    estimates: ids.map((id) => estimates.get(id)) as Estimates["estimates"],
  };
}

/** The records of each kind as the pages and downloads read them; merged schools are in neither list. */
function assemble(stored: readonly RecordRow[]) {
  // A document stored before sources had titles lists bare addresses: converted as it is read.
  const rows = stored.map((row) => ({ ...row, data: storedDocumentWithSources(row.data) }));
  const ofKind = (kind: RecordKind) => rows.filter((row) => row.kind === kind);
  const schools = ofKind("school").sort(byNumericId);
  return {
    states: ofKind("state")
      .filter((row) => row.status === "open")
      .sort(byNumericId)
      .map((row) => row.data as StateRecord),
    schools: schools.filter((row) => row.status === "open").map((row) => row.data as School),
    closedSchools: schools.filter((row) => row.status === "closed").map((row) => row.data as School),
    country: (ofKind("country").find((row) => row.id === COUNTRY_ID)?.data ?? null) as Country | null,
    estimates: estimatesFrom(ofKind("estimate")),
  };
}

/** Old id → the open or closed school it lives in now; a chain of merges (A → B → C) leads to C. */
function mergedSchoolsOf(
  rows: readonly { kind: RecordKind; id: string; status: RecordStatus; mergedInto: string | null }[],
): Record<string, string> {
  const into = new Map(
    rows
      .filter((row) => row.kind === "school" && row.status === "merged" && row.mergedInto)
      .map((row) => [row.id, row.mergedInto ?? ""]),
  );
  const merged: Record<string, string> = {};
  for (const id of into.keys()) {
    let target = into.get(id) ?? "";
    // Bounded: a cycle (which publication refuses: the target must be open) cannot hang the read.
    for (let hop = 0; into.has(target) && hop < into.size; hop++) target = into.get(target) ?? "";
    if (!into.has(target)) merged[id] = target;
  }
  return merged;
}

/**
 * Each field's source from the latest published change that touched it, read once per
 * generation: the published changes in the order they were published, a later one overwriting.
 */
async function readFieldSources(db: Database): Promise<PublishedData["fieldSources"]> {
  const rows = await db
    .select({
      kind: dataChanges.kind,
      recordId: dataChanges.recordId,
      fields: dataChanges.fields,
      url: dataChanges.sourceUrl,
      title: dataChanges.sourceTitle,
      publisher: dataChanges.sourcePublisher,
      read: dataChanges.sourceRead,
      documentId: dataDocuments.id,
      documentTitle: dataDocuments.title,
      documentPublisher: dataDocuments.publisher,
      documentFileName: dataDocuments.fileName,
      documentDate: dataDocuments.publishedOn,
    })
    .from(dataChanges)
    .leftJoin(dataDocuments, eq(dataDocuments.id, dataChanges.sourceDocumentId))
    .where(and(eq(dataChanges.status, "published"), inArray(dataChanges.kind, ["state", "school"])))
    .orderBy(asc(dataChanges.decidedAt), asc(dataChanges.createdAt));
  const sources: Record<"state" | "school", RecordFieldSources> = { state: {}, school: {} };
  for (const row of rows) {
    if (row.recordId === null || (row.kind !== "state" && row.kind !== "school")) continue;
    const source: FieldSource = {
      url: row.url,
      title: row.title,
      publisher: row.publisher,
      read: row.read,
      document:
        row.documentId !== null
          ? {
              id: row.documentId,
              title: row.documentTitle ?? "",
              publisher: row.documentPublisher ?? "",
              fileName: row.documentFileName ?? "",
              date: row.documentDate,
            }
          : null,
    };
    const record = (sources[row.kind][row.recordId] ??= {});
    // Every change gives a source (data_changes_source_check), so a later change always replaces it.
    for (const entry of Array.isArray(row.fields) ? (row.fields as { field?: unknown }[]) : []) {
      if (typeof entry.field === "string") record[entry.field] = source;
    }
  }
  return sources;
}

/** The data as published now, read in one go (the generation first: see the comment in load()). */
export async function readPublishedData(db: Database): Promise<PublishedData> {
  const generation = await readGeneration(db);
  const rows = await db
    .select({
      kind: dataRecords.kind,
      id: dataRecords.id,
      data: dataRecords.data,
      status: dataRecords.status,
      mergedInto: dataRecords.mergedInto,
      checkedAt: dataRecords.checkedAt,
    })
    .from(dataRecords);
  const fieldSources = await readFieldSources(db);
  const { country, estimates, ...records } = assemble(rows);
  if (!country || !estimates || records.states.length === 0) {
    throw new Error(
      "The data desk holds no published data: the database was not seeded (seedDataDesk runs at start-up).",
    );
  }
  const checkedAt = Object.fromEntries(recordKinds.map((kind) => [kind, {}])) as PublishedData["checkedAt"];
  for (const row of rows) checkedAt[row.kind][row.id] = row.checkedAt.toISOString();
  return {
    generation,
    ...records,
    mergedSchools: mergedSchoolsOf(rows),
    fieldSources,
    country,
    estimates,
    checkedAt,
  };
}

const kindsOf: Record<DatasetName, RecordKind> = {
  states: "state",
  schools: "school",
  estimates: "estimate",
  country: "country",
};

/** One dataset as it was at one of its versions. */
export interface PublishedDatasetVersion {
  dataset: DatasetName;
  version: number;
  /** When that version was published. */
  publishedAt: Date;
  /** states: the states; schools: the open schools (closedSchools: the closed ones); the others: empty. */
  states: StateRecord[];
  schools: School[];
  closedSchools: School[];
  estimates: Estimates | null;
  country: Country | null;
}

/** Each dataset's current version and when it last changed. */
export async function datasetVersionsNow(
  db: Database,
): Promise<Map<DatasetName, { version: number; publishedAt: Date }>> {
  const rows = await db
    .selectDistinctOn([datasetVersions.dataset], {
      dataset: datasetVersions.dataset,
      version: datasetVersions.version,
      publishedAt: datasetVersions.publishedAt,
    })
    .from(datasetVersions)
    .orderBy(asc(datasetVersions.dataset), desc(datasetVersions.version));
  return new Map(
    rows.map((row) => [row.dataset as DatasetName, { version: row.version, publishedAt: row.publishedAt }]),
  );
}

/**
 * A dataset exactly as it was at version N: for each record, its newest version published in dataset
 * version N or before. Closed and merged records are out of the directory; closed schools stay (in
 * closedSchools) for open data, which marks them closed. Null when the dataset has no version N.
 */
export async function publishedDataAt(
  db: Database,
  dataset: DatasetName,
  version: number,
): Promise<PublishedDatasetVersion | null> {
  if (!Number.isSafeInteger(version) || version < 1) return null;
  const [known] = await db
    .select({ publishedAt: datasetVersions.publishedAt })
    .from(datasetVersions)
    .where(and(eq(datasetVersions.dataset, dataset), eq(datasetVersions.version, version)));
  if (!known) return null;
  const kind = kindsOf[dataset];
  const rows = await db
    .selectDistinctOn([dataRecordVersions.kind, dataRecordVersions.recordId], {
      kind: dataRecordVersions.kind,
      id: dataRecordVersions.recordId,
      data: dataRecordVersions.data,
      status: dataRecordVersions.status,
    })
    .from(dataRecordVersions)
    .where(and(inArray(dataRecordVersions.kind, [kind]), lte(dataRecordVersions.datasetVersion, version)))
    .orderBy(
      asc(dataRecordVersions.kind),
      asc(dataRecordVersions.recordId),
      desc(dataRecordVersions.version),
    );
  return { dataset, version, publishedAt: known.publishedAt, ...assemble(rows) };
}

export interface DatabasePublishedDataOptions {
  /** Listen for NOTIFY data_published (default true); off, the poll alone finds a new generation. */
  listen?: boolean;
  /** How often the generation is read (default 2 s); null: never (a test of NOTIFY alone). */
  pollIntervalMs?: number | null;
  /** Where a failed poll or reload is told (the app's logger). */
  onError?: (error: unknown, what: string) => void;
}

/**
 * The PublishedDataSource of a database. It starts listening and polling on first use, so an app that
 * never reads the published data (most API tests) opens no extra connection.
 */
export function databasePublishedData(
  database: Pick<DatabaseHandle, "db" | "listen">,
  {
    listen = true,
    pollIntervalMs = GENERATION_POLL_MS,
    onError = () => undefined,
  }: DatabasePublishedDataOptions = {},
): PublishedDataSource {
  const listeners = new Set<(generation: number) => void>();
  let snapshot: Promise<PublishedData> | null = null;
  /** The newest generation known to this instance; listeners are told each time it rises. */
  let latest: number | null = null;
  let started: Promise<void> | null = null;
  let closed = false;
  let poll: NodeJS.Timeout | null = null;
  let unlisten: Unlisten | null = null;

  const learn = (generation: number) => {
    if (!Number.isFinite(generation) || closed) return;
    if (latest === null) {
      latest = generation;
      return;
    }
    if (generation <= latest) return;
    latest = generation;
    if (snapshot) {
      // Dropped only when older: a snapshot being read now may already hold this generation.
      const kept = snapshot;
      void kept.then(
        (data) => {
          if (snapshot === kept && data.generation < generation) snapshot = null;
        },
        () => undefined,
      );
    }
    for (const listener of [...listeners]) {
      try {
        listener(generation);
      } catch (error) {
        onError(error, "a listener of the published data");
      }
    }
  };

  const check = async () => {
    try {
      learn(await readGeneration(database.db));
    } catch (error) {
      onError(error, "reading the data's generation");
    }
  };

  const start = () => {
    started ??= (async () => {
      await check();
      if (listen) {
        try {
          unlisten = await database.listen(
            DATA_PUBLISHED_CHANNEL,
            (payload) => learn(Number(payload)),
            () => void check(),
          );
        } catch (error) {
          // The poll still finds every publication within its interval.
          onError(error, "listening for publications");
        }
        if (closed) await unlisten?.();
      }
      if (pollIntervalMs !== null && !closed) {
        poll = setInterval(() => void check(), pollIntervalMs);
        poll.unref();
      }
    })();
    return started;
  };

  const load = async (): Promise<PublishedData> => {
    const data = await readPublishedData(database.db);
    learn(data.generation);
    return data;
  };

  return {
    async current() {
      await start();
      const kept = snapshot;
      if (kept) {
        const data = await kept;
        // A newer generation was announced while this one was read: read again.
        if (latest === null || data.generation >= latest) return data;
        if (snapshot === kept) snapshot = null;
      }
      snapshot ??= load();
      const loading = snapshot;
      try {
        return await loading;
      } catch (error) {
        if (snapshot === loading) snapshot = null;
        throw error;
      }
    },
    onChange(listener) {
      listeners.add(listener);
      void start();
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      if (poll) clearInterval(poll);
      await started?.catch(() => undefined);
      if (poll) clearInterval(poll);
      await unlisten?.();
      listeners.clear();
    },
  };
}
