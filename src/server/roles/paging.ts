import { type Page, type PageMeta, pageMeta, readPage } from "../http/paging";
import { invalidParameter } from "../http/query-params";
import { MAX_PER_PAGE, roleMessages, SEARCH_MAX_LENGTH, USERS_PER_PAGE } from "./messages";

// Query parameters of the roles lists: ?page=&per_page= (and ?search= for users).

export { pageMeta, type Page, type PageMeta } from "../http/paging";

export function pageFrom(query: { page?: unknown; per_page?: unknown }): Page {
  return readPage(query, {
    defaultSize: USERS_PER_PAGE,
    maxSize: MAX_PER_PAGE,
    pageProblem: roleMessages.pageProblem,
    perPageProblem: roleMessages.perPageProblem,
  });
}

/** The search text with its spaces collapsed (so it never spans name and e-mail); "" for no search. */
export function searchFrom(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value !== "string" || value.length > SEARCH_MAX_LENGTH) {
    throw invalidParameter("search", roleMessages.searchProblem);
  }
  return value.trim().replace(/\s+/g, " ");
}

/** The users list's meta: the pager's, and whether `total` is exact (a search's count stops, user-list.ts). */
export interface UserListMeta extends PageMeta {
  total_exact: boolean;
}

export function userListMeta(total: number, exact: boolean, page: Page): UserListMeta {
  const meta = pageMeta(total, page);
  // More than `total` match: the page holding the next one exists, so the pager can always go on.
  return exact
    ? { ...meta, total_exact: true }
    : { ...meta, last_page: Math.ceil((total + 1) / page.size), total_exact: false };
}
