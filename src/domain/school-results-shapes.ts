// The shape of each parameter of the school results page (`/schools?state=kano&group=hearing`), after
// trimming and lower-casing: anything else is no filter. Regular expressions only, with no imports, so the
// routes' module (in every page's first load) can read them for free. The vocabularies are the datasets'
// (school-results.test.ts checks that they agree); `name` is what a visitor typed: letters of any script,
// digits and the punctuation of school names, at most 60 characters.
export const schoolResultsShapes = {
  state: /^([a-z][a-z-]{1,29}|\d{1,2})$/,
  lga: /^[a-z0-9][a-z0-9-]{0,39}$/,
  group: /^(hearing|visual|physical|intellectual|autism|multiple)$/,
  boarding: /^(day|boarding|day and boarding)$/,
  ownership: /^(public|private|mission)$/,
  type: /^(primary|nursery|secondary|special)$/,
  name: /^[\p{L}\p{M}\p{N} .,'’&()/-]{1,60}$/u,
  page: /^[1-9]\d{0,2}$/,
} as const;

export type SchoolResultsParameter = keyof typeof schoolResultsShapes;

/**
 * Parameters rendered but never kept: typed text has no end of values, so a page per value would let
 * anyone fill the server's memory.
 */
export const unkeptSchoolResultsParameters: readonly SchoolResultsParameter[] = ["name"];
