import type { Database } from "./database";

// A statement the hot paths run on every request (the session check, the users list) is built once per
// database and prepared under a name: Drizzle does not build its SQL again, and PostgreSQL parses it once
// per connection instead of on every request. Its values come through sql.placeholder at execution.

/** `build` run once for each database it is asked for (an app has one; the tests open several). */
export function preparedPerDatabase<Statement>(
  build: (db: Database) => Statement,
): (db: Database) => Statement {
  const built = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
