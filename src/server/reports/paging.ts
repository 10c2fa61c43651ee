import { HttpError } from "../http/errors";

// ?page=&per_page= of the report lists (my reports, reviews, published). Anything odd is a 400 with a
// sentence, never a silent fallback: a repeated parameter arrives as an array and is refused too.

export const REPORTS_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export const pagingMessages = {
  page: "The page must be a whole number of 1 or more.",
  perPage: `per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`,
} as const;

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
    number: wholeNumber(query.page, 1, Number.MAX_SAFE_INTEGER, pagingMessages.page),
    size: wholeNumber(query.per_page, REPORTS_PER_PAGE, MAX_PER_PAGE, pagingMessages.perPage),
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

export const pageMetaSchema = {
  type: "object",
  properties: {
    total: { type: "integer" },
    page: { type: "integer" },
    per_page: { type: "integer" },
    last_page: { type: "integer" },
  },
  required: ["total", "page", "per_page", "last_page"],
  additionalProperties: false,
} as const;

function wholeNumber(value: unknown, fallback: number, max: number, problem: string): number {
  if (value === undefined || value === "") return fallback;
  const number = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  if (!(number >= 1 && number <= max)) throw new HttpError(400, problem);
  return number;
}
