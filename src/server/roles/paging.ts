import type { z } from "zod";
import type { usersAnswerSchema } from "../../domain/api/roles";
import { type Page, pageMeta } from "../http/paging";

// The users list's meta: the pager's, and whether `total` is exact (a search's count stops, user-list.ts).

type UserListMeta = z.infer<typeof usersAnswerSchema>["meta"];

/** The search text with its spaces collapsed (so it never spans name and e-mail); "" for no search. */
export function searchFrom(search: string | undefined): string {
  return (search ?? "").replace(/\s+/g, " ");
}

export function userListMeta(total: number, exact: boolean, page: Page): UserListMeta {
  const meta = pageMeta(total, page);
  // More than `total` match: the page holding the next one exists, so the pager can always go on.
  return exact
    ? { ...meta, total_exact: true }
    : { ...meta, last_page: Math.ceil((total + 1) / page.size), total_exact: false };
}
