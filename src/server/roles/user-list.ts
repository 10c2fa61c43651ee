import { asc, count, eq, sql, type SQL } from "drizzle-orm";
import type { PublicUser } from "../../domain/accounts/user";
import { publicUserColumns } from "../accounts/public-user";
import type { Database } from "../db/database";
import { userCount, users, userSearchText } from "../db/schema";
import type { Page } from "./paging";

// The user list of the roles page: ordered by id (the primary key walks it), one page at a time, with a
// case-insensitive substring search of "firstname lastname" and the e-mail that the trigram index
// users_search_trgm_idx answers without reading every row.

export interface UserListPage {
  total: number;
  users: PublicUser[];
}

export async function listUsers(db: Database, page: Page, search: string): Promise<UserListPage> {
  const queries = userListQueries(db, page, search);
  const [[counted], rows] = await Promise.all([queries.count, queries.page]);
  return { total: counted?.total ?? 0, users: rows };
}

/** The two statements of a page of the list (the scale test explains them). */
export function userListQueries(db: Database, page: Page, search: string) {
  const matching = search ? searchCondition(search) : undefined;
  return {
    count: matching
      ? db.select({ total: count() }).from(users).where(matching)
      : db.select({ total: userCount.total }).from(userCount).where(eq(userCount.id, 1)),
    page: db
      .select(publicUserColumns)
      .from(users)
      .where(matching)
      .orderBy(asc(users.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
  };
}

/** LIKE's own characters (\ % _) in the search are matched as themselves (backslash is LIKE's escape). */
function searchCondition(search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  // lower() on both sides, in the database, so the search and the index fold case the same way.
  return sql`${userSearchText(users)} like lower(${pattern})`;
}
