import type { policyStatuses } from "./datasets/vocabulary";

// A state's own disability law, as the states data records it (`status`, `law.year`). The product speaks
// of the law's status, never of "policy: Yes/No" (decision 0010): that answer was tied to whether a policy
// document could be downloaded, and with no documents in the data it told visitors no state had a policy.

export type PolicyStatus = (typeof policyStatuses)[number];

export type LawStatusKey = "passed" | "awaiting-assent" | "second-reading" | "pending";

export interface LawStatusCategory {
  key: LawStatusKey;
  /** The category as the legend, the filters and the table name it. */
  label: string;
}

/** In the order of a bill's progress, furthest first: the legend, the filter and the sort follow it. */
export const lawStatusCategories: readonly LawStatusCategory[] = [
  { key: "passed", label: "Passed" },
  { key: "awaiting-assent", label: "Passed, awaiting the Governor's assent" },
  { key: "second-reading", label: "Second reading" },
  { key: "pending", label: "Pending / no law" },
];

/**
 * "No law yet", one choice in the filters: every status short of a law in force (a bill passed but not
 * assented, in second reading, or none at all). `?status=no-law-yet` stands for the three.
 */
export const NO_LAW_YET = "no-law-yet";
export const noLawYetKeys: readonly LawStatusKey[] = ["awaiting-assent", "second-reading", "pending"];

/** Whether `value` names a status or "no law yet" (compared as given: callers trim and lower-case). */
export function isLawStatusChoice(value: string): boolean {
  return value === NO_LAW_YET || lawStatusCategories.some((category) => category.key === value);
}

/** The statuses the asked values name, "no-law-yet" standing for its three, each once, in the categories' order. */
export function lawStatusesAsked(asked: readonly string[]): LawStatusKey[] {
  const wanted = new Set<string>(asked.includes(NO_LAW_YET) ? [...asked, ...noLawYetKeys] : asked);
  return lawStatusCategories.map((category) => category.key).filter((key) => wanted.has(key));
}

export function lawStatusKey(status: string): LawStatusKey {
  switch (status.trim().toLowerCase()) {
    case "passed":
      return "passed";
    case "passed/awaiting gov assent":
      return "awaiting-assent";
    case "second reading":
      return "second-reading";
    default:
      return "pending";
  }
}

export function lawStatusLabel(key: LawStatusKey): string {
  return lawStatusCategories.find((category) => category.key === key)?.label ?? "Pending / no law";
}

/**
 * "Passed (2022)", "Passed" when the year is unknown, "Second reading", …: the status in one phrase.
 * `besideTitle` is the law's title as shown next to the status: when it carries the year, the status
 * leaves the year out, so the page says it once.
 */
export function lawStatusText(
  status: string,
  year: number | null,
  options: { besideTitle?: string } = {},
): string {
  const phrase = lawStatusPhrase(status, year, options);
  const label = lawStatusLabel(phrase.key);
  return phrase.year === null ? label : `${label} (${phrase.year})`;
}

/**
 * What `lawStatusText` says, as data, for a page that words it in its own language: the status's key and
 * the year when the phrase carries one (a passed law whose year is known and not already in its title).
 */
export function lawStatusPhrase(
  status: string,
  year: number | null,
  options: { besideTitle?: string } = {},
): { key: LawStatusKey; year: number | null } {
  const key = lawStatusKey(status);
  if (key !== "passed" || !year || options.besideTitle?.includes(String(year))) return { key, year: null };
  return { key, year };
}

/** Rank of a status in `lawStatusCategories` (0 = passed), for sorting. */
export function lawStatusRank(status: string): number {
  const key = lawStatusKey(status);
  return lawStatusCategories.findIndex((category) => category.key === key);
}

/** The law's title with its year, without repeating a year the title already carries. */
export function lawTitleWithYear(name: string, year: number | null): string {
  if (!name) return "";
  if (!year || name.includes(String(year))) return name;
  return `${name} (${year})`;
}

/** How many states fall in each category, in the categories' order. */
export function countByLawStatus(
  states: readonly { lawStatus: string }[],
): { category: LawStatusCategory; count: number }[] {
  return lawStatusCategories.map((category) => ({
    category,
    count: states.filter((state) => lawStatusKey(state.lawStatus) === category.key).length,
  }));
}
