import { and, eq, sql } from "drizzle-orm";
import type { DatasetName, RecordKind, RecordStatus } from "../../domain/datadesk/record-kinds";
import { raiseGeneration } from "../../server/datadesk/generation";
import type { Database } from "../../server/db/database";
import { dataRecordVersions, dataRecords, datasetVersions } from "../../server/db/schema";

// A publication as the data desk's publisher makes one (the editing helper's routes do the same in their
// transaction): the record's new version, a new version of its dataset, and the generation raised with
// its NOTIFY, all in one transaction. Tests of the readers use it to change the published data.

const datasetOfKind: Record<RecordKind, DatasetName> = {
  state: "states",
  school: "schools",
  estimate: "estimates",
  country: "country",
};

export async function publishRecord(
  db: Database,
  kind: RecordKind,
  id: string,
  change: { data?: Record<string, unknown>; status?: RecordStatus },
  at = new Date(),
): Promise<{ generation: number; datasetVersion: number }> {
  return db.transaction(async (tx) => {
    const where = and(eq(dataRecords.kind, kind), eq(dataRecords.id, id));
    const [record] = await tx.select().from(dataRecords).where(where).for("update");
    if (!record) throw new Error(`no ${kind} ${id}`);
    const dataset = datasetOfKind[kind];
    const [latest] = await tx
      .select({ version: sql<number>`max(${datasetVersions.version})` })
      .from(datasetVersions)
      .where(eq(datasetVersions.dataset, dataset));
    const datasetVersion = Number(latest?.version ?? 0) + 1;
    const data = { ...(record.data as Record<string, unknown>), ...change.data };
    const status = change.status ?? record.status;
    const version = record.version + 1;
    await tx.update(dataRecords).set({ data, status, version, updatedAt: at, checkedAt: at }).where(where);
    await tx
      .insert(dataRecordVersions)
      .values({ kind, recordId: id, version, data, status, datasetVersion, publishedAt: at });
    await tx.insert(datasetVersions).values({ dataset, version: datasetVersion, publishedAt: at });
    return { generation: await raiseGeneration(tx), datasetVersion };
  });
}

/** What a change whose source is an address says of it: its title, publisher and the day it was read. */
export const addressDetails = {
  sourceTitle: "Report read for the test",
  sourcePublisher: "Example Publisher",
  sourceRead: "2024-06-01",
} as const;
