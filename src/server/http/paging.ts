import { invalidParameter } from "./query-params";

// ?page=&per_page= of every paginated list. Anything odd is a 400 with the list's own sentence, never a
// silent fallback: a repeated parameter arrives as an array and is refused too.

export interface Page {
  number: number;
  size: number;
}

export interface PageMeta {
  total: number;
  page: number;
  per_page: number;
  last_page: number;
}

export interface PagingRules {
  defaultSize: number;
  maxSize: number;
  pageProblem: string;
  perPageProblem: string;
}

export function readPage(query: { page?: unknown; per_page?: unknown }, rules: PagingRules): Page {
  return {
    number: wholeNumber("page", query.page, 1, Number.MAX_SAFE_INTEGER, rules.pageProblem),
    size: wholeNumber("per_page", query.per_page, rules.defaultSize, rules.maxSize, rules.perPageProblem),
  };
}

export function pageMeta(total: number, page: Page): PageMeta {
  return {
    total,
    page: page.number,
    per_page: page.size,
    last_page: Math.max(1, Math.ceil(total / page.size)),
  };
}

function wholeNumber(
  parameter: "page" | "per_page",
  value: unknown,
  fallback: number,
  max: number,
  problem: string,
): number {
  if (value === undefined || value === "") return fallback;
  const number = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!(number >= 1 && number <= max)) throw invalidParameter(parameter, problem);
  return number;
}
