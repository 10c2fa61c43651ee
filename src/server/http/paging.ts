import type { PageMetaAnswer } from "../../domain/api/shared";

// ?page=&per_page= of every paginated list, as the route's query schema gives them (pagingQuery in
// src/domain/api/query-schemas.ts): whole numbers in their range, anything else refused with the list's
// own sentence before the handler runs.

export interface Page {
  number: number;
  size: number;
}

/** The page a list's query asks for. */
export function pageOf(query: { page: number; per_page: number }): Page {
  return { number: query.page, size: query.per_page };
}

export function pageMeta(total: number, page: Page): PageMetaAnswer {
  return {
    total,
    page: page.number,
    per_page: page.size,
    last_page: Math.max(1, Math.ceil(total / page.size)),
  };
}
