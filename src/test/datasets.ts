import schoolsFile from "../../data/schools.json" with { type: "json" };
import statesFile from "../../data/states.json" with { type: "json" };
import { withRecordSources } from "../domain/datasets/record-sources";
import type { RecordSource, School, StateRecord } from "../domain/datasets/schemas";

// data/states.json and data/schools.json as the published data holds them: each address a source with its
// title, publisher and date read, as the seed makes it.

export const seededStates = statesFile.map(withRecordSources) as StateRecord[];
export const seededSchools = schoolsFile.map(withRecordSources) as School[];

/** A newspaper article as a record's source, with its title, publisher and the day it was read. */
export const punchSource: RecordSource = {
  url: "https://punchng.com/group-hails-ikpeazu-obaseki-for-signing-disability-laws/",
  title: "Group hails Ikpeazu, Obaseki for signing disability laws",
  publisher: "Punch",
  read: "2026-11-12",
};
