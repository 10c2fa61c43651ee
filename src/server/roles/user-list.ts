import { asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { PublicUser } from "../../domain/accounts/user";
import { publicUserColumns } from "../accounts/public-user";
import type { Database } from "../db/database";
import { userCount, users } from "../db/schema";
import type { Page } from "./paging";

// The user list of the roles page: ordered by id (the primary key walks it), one page at a time, with a
// case-insensitive substring search of "firstname lastname" and the e-mail, kept lowercased in the stored
// column search_text, which the trigram index users_search_text_trgm_idx answers without reading every row.
//
// The list's total is kept by triggers (migration 0004). A search's total is counted, but only so far: up
// to SEARCH_COUNT_LIMIT matches past the start of the page asked for. Counting every match of a common
// search ("ada": 5,000 of 100,000 users) cost several times the page itself; past the limit the answer
// says the total is not exact ("more than …"), and the next page is still there to ask for.

/** Matches counted past the start of a search's page; beyond it the total is "more than". */
export const SEARCH_COUNT_LIMIT = 1000;

export interface UserListPage {
  /** Every user, or every match; when not `exact`, the matches are more than this. */
  total: number;
  exact: boolean;
  users: PublicUser[];
}

export async function listUsers(db: Database, page: Page, search: string): Promise<UserListPage> {
  const queries = userListQueries(db, page, search);
  const [[counted], rows] = await Promise.all([queries.count, queries.page]);
  const total = Number(counted?.total ?? 0);
  const countedUpTo = offsetOf(page) + SEARCH_COUNT_LIMIT;
  return search && total > countedUpTo
    ? { total: countedUpTo, exact: false, users: rows }
    : { total, exact: true, users: rows };
}

function offsetOf(page: Page): number {
  return (page.number - 1) * page.size;
}

/** The two statements of a page of the list (the scale test checks their plans). */
export function userListQueries(db: Database, page: Page, search: string) {
  const matching = search ? searchCondition(search) : undefined;
  return {
    count: matching
      ? db.select({ total: count() }).from(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(matching)
            // One more than the limit: enough to know there are more.
            .limit(offsetOf(page) + SEARCH_COUNT_LIMIT + 1)
            .as("matches"),
        )
      : db.select({ total: userCount.total }).from(userCount).where(eq(userCount.id, 1)),
    page: db
      .select(publicUserColumns)
      .from(users)
      .where(matching)
      .orderBy(asc(users.id))
      .limit(page.size)
      .offset(offsetOf(page)),
  };
}

/** LIKE's own characters (\ % _) in the search are matched as themselves (backslash is LIKE's escape). */
function searchCondition(search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  // lower() in the database, so the search folds case as the stored text did.
  return sql`${users.searchText} like lower(${pattern})`;
}
