// The page and search of the user table live in the address (?page=2&search=ada), so Back and a shared
// link show the same view.

export interface UserListQuery {
  page: number;
  search: string;
}

/** The longest search sent; a longer paste is cut rather than refused. */
export const SEARCH_MAX_LENGTH = 100;

/** The query the address holds: page 1 when absent or not a whole positive number, search trimmed. */
export function userListQueryFrom(params: URLSearchParams): UserListQuery {
  const page = Number(params.get("page"));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: normaliseSearch(params.get("search") ?? ""),
  };
}

export function normaliseSearch(text: string): string {
  return text.trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX_LENGTH);
}

/** The address's query for a view of the table ("" for the first page without a search). */
export function userListSearch({ page, search }: UserListQuery): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
