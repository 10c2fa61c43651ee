// The fixed vocabularies of the datasets, kept apart from the zod schemas so the web app can use them
// without shipping the validation library.

export const policyStatuses = [
  "Passed",
  "Passed/awaiting Gov assent",
  "Second Reading",
  "Pending",
  "",
] as const;

export const schoolTypes = ["primary", "nursery", "secondary", "special"] as const;
export type SchoolType = (typeof schoolTypes)[number];

export const disabilityGroups = [
  "hearing",
  "visual",
  "physical",
  "intellectual",
  "autism",
  "multiple",
] as const;
export const boardingKinds = ["day", "boarding", "day and boarding"] as const;
export const ownershipKinds = ["public", "private", "mission"] as const;
