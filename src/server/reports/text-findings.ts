import { findIdentifyingText, type TextFinding } from "../../domain/reports/report-findings";
import { stateLgas } from "../../domain/reports/report-lgas";
import { stateTownNames } from "../../domain/reports/report-towns";
import { eyewitnessReports } from "../db/schema";
import { placeColumns, type PlaceRow } from "./report-store";

// The findings of a report's public text, from its stored row: the same check the review screen shows,
// run again wherever a decision depends on it (publishing needs each one confirmed).

export const findingColumns = {
  publicComment: eyewitnessReports.publicComment,
  firstName: eyewitnessReports.firstName,
  lastName: eyewitnessReports.lastName,
  showFirstName: eyewitnessReports.showFirstName,
  withdrawnAt: eyewitnessReports.withdrawnAt,
  ...placeColumns,
};

export type FindingRow = PlaceRow & {
  publicComment: string;
  firstName: string;
  lastName: string;
  showFirstName: boolean;
};

/** What in the public text may identify people or places beyond what the reporter chose to publish. */
export function findingsOf(row: FindingRow, text: string = row.publicComment): TextFinding[] {
  return findIdentifyingText(text, {
    firstName: row.firstName,
    lastName: row.lastName,
    showFirstName: row.showFirstName,
    precision: row.placePrecision,
    lga: row.lga,
    placeName: row.placeName,
    // The state's LGAs (most are named after a town) and its towns (data/towns.json, by state only: the
    // source has no LGAs, so a town of another LGA of the state is not told apart at LGA precision).
    stateTowns:
      row.stateId === null ? [] : [...(stateLgas(row.stateId)?.lgas ?? []), ...stateTownNames(row.stateId)],
  });
}
