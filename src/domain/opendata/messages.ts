import { zones } from "../datasets/zones";
import { lawStatusCategories, NO_LAW_YET } from "../law-status";
import { commentTypes } from "../reports/report-rules";
import { schoolTypes } from "../datasets/vocabulary";

// What the open-data API answers when a request cannot be served: each sentence names the parameter or
// the part of the address that is wrong, and what would be right.

export const MAX_REPORTS_PER_PAGE = 1000;
export const REPORTS_PER_PAGE = 100;

export const openDataMessages = {
  unknownDataset: (name: string, datasets: readonly string[]) =>
    `There is no open dataset "${name}". The datasets are: ${datasets.join(", ")}.`,
  unknownFormat: (dataset: string, format: string, formats: readonly string[]) =>
    `${format ? `The ${dataset} dataset does not come as .${format}.` : `Add a format to ${dataset}.`} ` +
    `Its formats are: ${formats.map((known) => `${dataset}.${known}`).join(", ")}.`,
  notByState: (dataset: string, format: string) =>
    `The ${dataset} dataset comes by state${dataset === "states" ? ", zone or law status" : ""} as JSON and CSV only, not as .${format}: .${format} holds the whole dataset.`,
  badHxl: "The parameter hxl must be 1 (add a row of HXL hashtags under the header) or 0.",
  badState:
    "The parameter state must be one of the 37 states, by slug (for example lagos, akwa-ibom, fct) or id (1 to 37).",
  badZone: `The parameter zone must be one of the six zones: ${zones.join(", ")} (for example zone=South+West).`,
  badStatus: `The parameter status must be one of: ${lawStatusCategories
    .map((category) => `${category.key} (${category.label})`)
    .join(", ")}, or ${NO_LAW_YET} (the last three); repeat it for several (status=passed&status=pending).`,
  statesOnly: (parameter: string) => `The parameter ${parameter} filters the states dataset only.`,
  schoolsOnly: (parameter: string) => `The parameter ${parameter} filters the schools dataset only.`,
  badSchoolFilter: (parameter: string, options: readonly string[]) =>
    `The parameter ${parameter} must be one of: ${options.join(", ")}.`,
  badSchoolName:
    "The parameter name must be at most 60 letters, digits, spaces or the punctuation of a name.",
  lgaNeedsState:
    "The parameter lga needs a state too (for example state=kano&lga=dala): LGA names repeat across states.",
  badLga: (state: string) =>
    `The parameter lga must be one of the local government areas of ${state}, written as on the school results page (for example kano-municipal).`,
  badType: `The parameter type must be one of: ${commentTypes.join(", ")}.`,
  /** A type that is neither a comment type (reports) nor a school type (schools). */
  badAnyType: `The parameter type must be a comment type of the reports (${commentTypes.join(", ")}) or a school type of the schools (${schoolTypes.join(", ")}).`,
  badDate: (parameter: "from" | "to") =>
    `The parameter ${parameter} must be a date written YYYY-MM-DD, for example 2026-01-31.`,
  fromAfterTo: "The parameter from must be a date on or before the date in to.",
  repeated: (parameter: string) => `The parameter ${parameter} may be given only once.`,
  badPage: "The parameter page must be a whole number of 1 or more.",
  badPerPage: `The parameter per_page must be a whole number from 1 to ${MAX_REPORTS_PER_PAGE}.`,
  badVersion:
    "The parameter version must be a whole number of 1 or more: a version of the dataset, as the catalogue lists it.",
  unknownVersion: (dataset: string, version: number, latest: number | null) =>
    `The ${dataset} dataset has no version ${version}. ` +
    (latest ? `Its versions are 1 to ${latest}; without ?version= you get the latest.` : ""),
  reportsHaveNoVersions:
    "The reports dataset has no versions: it holds the verified reports as of the download. Filter it by from and to instead.",
  pagingInCsv:
    "The parameters page and per_page apply to JSON only: a CSV download holds every matching report.",
} as const;
