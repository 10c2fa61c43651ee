import { HttpError } from "../http/errors";
import { type Page, readPage } from "../http/paging";
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
    throw new HttpError(400, roleMessages.searchProblem);
  }
  return value.trim().replace(/\s+/g, " ");
}
