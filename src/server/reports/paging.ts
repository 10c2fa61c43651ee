import { type Page, readPage } from "../http/paging";

// Paging of the report lists (my reports, reviews, published): their sizes and messages.

export { pageMeta, type Page, type PageMeta } from "../http/paging";

export const REPORTS_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

export const pagingMessages = {
  page: "The page must be a whole number of 1 or more.",
  perPage: `per_page must be a whole number from 1 to ${MAX_PER_PAGE}.`,
} as const;

export function pageFrom(query: { page?: unknown; per_page?: unknown }): Page {
  return readPage(query, {
    defaultSize: REPORTS_PER_PAGE,
    maxSize: MAX_PER_PAGE,
    pageProblem: pagingMessages.page,
    perPageProblem: pagingMessages.perPage,
  });
}
