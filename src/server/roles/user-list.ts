import { asc, count, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { PublicUser } from "../../domain/accounts/user";
import { publicUserColumns } from "../accounts/public-user";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { userCount, users } from "../db/schema";
import type { Page } from "../http/paging";

// The user list of the roles page: ordered by id (the primary key walks it), one page at a time, with a
// case-insensitive substring search of "firstname lastname" and the e-mail, kept lowercased in the stored
// column search_text, which the trigram index users_search_text_trgm_idx answers without reading every row.
//
// The list's total is kept by triggers (migration 0004). A search's matches are not counted: the page is
// read with one row more than it shows, and that row says whether there are more ("more than …", and
// the next page to ask for). Any count of a common search's matches ("ada": 5,000 of 100,000 users)
// builds the trigram index's whole bitmap and rechecks each row counted: even stopped at 1,000 matches
// it cost about three times the page itself, and most of a search's time on the database. Only a page
// past the last match, which has no row to tell, counts them, and only up to that page's start.

export interface UserListPage {
  /** Every user, or every match; when not `exact`, the matches are more than this. */
  total: number;
  exact: boolean;
  users: PublicUser[];
}

export async function listUsers(db: Database, page: Page, search: string): Promise<UserListPage> {
  const offset = offsetOf(page);
  if (!search) {
    const rows = await plainPageStatement(db).execute({ limit: page.size, offset });
    const first = rows[0];
    if (first) return { total: Number(first.keptTotal), exact: true, users: rows.map(withoutTotal) };
    // Past the last page: the total alone, so the page can send the user back.
    const [kept] = await userListQueries(db, page, search).total;
    return { total: Number(kept?.total ?? 0), exact: true, users: [] };
  }
  const rows = await searchPageStatement(db).execute({
    pattern: likePattern(search),
    limit: page.size + 1,
    offset,
  });
  if (rows.length > page.size) return { total: offset + page.size, exact: false, users: rows.slice(0, -1) };
  if (rows.length > 0 || offset === 0) return { total: offset + rows.length, exact: true, users: rows };
  // Past the last match: how many there are, so the page can send the user back to them.
  const [counted] = await userListQueries(db, page, search).total;
  return { total: Number(counted?.total ?? 0), exact: true, users: rows };
}

function withoutTotal<Row extends { keptTotal: unknown }>({ keptTotal: _total, ...user }: Row) {
  return user;
}

function offsetOf(page: Page): number {
  return (page.number - 1) * page.size;
}

/**
 * The statements of a page of the list (the scale test and the bench check their plans): `page`, its
 * rows (a search's with one more, to know if there are more); `pageWithTotal`, the plain list's rows
 * with its kept count on each, in one statement (one round trip to the database fewer per page: on a
 * small machine each costs more in the kernel than the query in PostgreSQL); and `total`: the plain
 * list's kept count, read alone only for a page past the last, and a search's matches up to the page's
 * start, read only for a page past the last match.
 */
export function userListQueries(db: Database, page: Page, search: string) {
  const pattern = search ? likePattern(search) : undefined;
  return {
    pageWithTotal: plainPage(db, page.size, offsetOf(page)),
    total: pattern
      ? db.select({ total: count() }).from(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(matches(pattern))
            .limit(offsetOf(page))
            .as("matches"),
        )
      : db.select({ total: userCount.total }).from(userCount).where(eq(userCount.id, 1)),
    page: pattern
      ? searchPage(db, pattern, page.size + 1, offsetOf(page))
      : db
          .select(publicUserColumns)
          .from(users)
          .orderBy(asc(users.id))
          .limit(page.size)
          .offset(offsetOf(page)),
  };
}

function plainPage(db: Database, limit: number | Placeholder, offset: number | Placeholder) {
  const keptTotal = sql<
    number | string
  >`(select ${userCount.total} from ${userCount} where ${userCount.id} = 1)`;
  return db
    .select({ ...publicUserColumns, keptTotal })
    .from(users)
    .orderBy(asc(users.id))
    .limit(limit)
    .offset(offset);
}

/** A search's page: its matches along the primary key, `limit` of them from `offset`. */
function searchPage(
  db: Database,
  pattern: string | Placeholder,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  return db
    .select(publicUserColumns)
    .from(users)
    .where(matches(pattern))
    .orderBy(asc(users.id))
    .limit(limit)
    .offset(offset);
}

// The plain list is what the roles page opens on, so it is prepared (src/server/db/prepared.ts).
const plainPageStatement = preparedPerDatabase((db) =>
  plainPage(db, sql.placeholder("limit"), sql.placeholder("offset")).prepare("users_page_with_total"),
);

// A search is built once too, but sent without a name (an unnamed statement), so PostgreSQL plans each
// search with its pattern in view: the trigram index for a rare one, the primary key for a common one
// (its page fills within the first thousand rows). A named statement switches to its generic plan once
// that looks no costlier than its searches' own plans on average, as after five late pages of a common
// search (PostgreSQL 15, 100,000 users); that plan cannot see the pattern, so it walks the primary key,
// and a search matching no one then read all 100,000 users: 210 ms, against 0.3 ms through the index.
const searchPageStatement = preparedPerDatabase((db) =>
  searchPage(db, sql.placeholder("pattern"), sql.placeholder("limit"), sql.placeholder("offset")).prepare(""),
);

/** LIKE's own characters (\ % _) in the search are matched as themselves (backslash is LIKE's escape). */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function matches(pattern: string | Placeholder): SQL {
  // lower() in the database, so the search folds case as the stored text did; PostgreSQL folds it on
  // the constant before planning, so the plan sees the lowercased pattern.
  return sql`${users.searchText} like lower(${pattern})`;
}
