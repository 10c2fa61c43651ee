// The kinds of record the data desk keeps, and the open-data datasets they make up. A record's id is text:
// states and schools have numbers ("1", "249"), national estimates their stable key ("ndhs-2018"), the
// country record its ISO code ("NG").

export const recordKinds = ["state", "school", "estimate", "country"] as const;
export type RecordKind = (typeof recordKinds)[number];

/** A published dataset: one version number per dataset, raised by each publication that touches it. */
export const datasetOf = {
  state: "states",
  school: "schools",
  estimate: "estimates",
  country: "country",
} as const satisfies Record<RecordKind, string>;
export type DatasetName = (typeof datasetOf)[RecordKind];
export const datasetNames = Object.values(datasetOf) as DatasetName[];

/** What a proposed change does to its record. */
export const changeKinds = ["edit", "add", "close", "reopen", "merge", "checked", "import"] as const;
export type ChangeKind = (typeof changeKinds)[number];

export const changeStatuses = ["proposed", "published", "rejected", "withdrawn"] as const;
export type ChangeStatus = (typeof changeStatuses)[number];

/** A record in the directory: open, closed (kept in history, hidden from the directory), merged into another. */
export const recordStatuses = ["open", "closed", "merged"] as const;
export type RecordStatus = (typeof recordStatuses)[number];
