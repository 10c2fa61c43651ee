import { HttpError } from "../http/errors";
import { MAX_PER_PAGE, roleMessages, SEARCH_MAX_LENGTH, USERS_PER_PAGE } from "./messages";

// Query parameters of the roles lists: ?page=&per_page= (and ?search= for users). Anything odd is a 400
// with a sentence, never a silent fallback: a repeated parameter arrives as an array and is refused too.

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

export function pageFrom(query: { page?: unknown; per_page?: unknown }): Page {
  return {
    number: wholeNumber(query.page, 1, Number.MAX_SAFE_INTEGER, roleMessages.pageProblem),
    size: wholeNumber(query.per_page, USERS_PER_PAGE, MAX_PER_PAGE, roleMessages.perPageProblem),
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

/** The search text with its spaces collapsed (so it never spans name and e-mail); "" for no search. */
export function searchFrom(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value !== "string" || value.length > SEARCH_MAX_LENGTH) {
    throw new HttpError(400, roleMessages.searchProblem);
  }
  return value.trim().replace(/\s+/g, " ");
}

function wholeNumber(value: unknown, fallback: number, max: number, problem: string): number {
  if (value === undefined || value === "") return fallback;
  const number = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!(number >= 1 && number <= max)) throw new HttpError(400, problem);
  return number;
}
