import { eq, sql } from "drizzle-orm";
import type { UserRole } from "../../domain/accounts/user";
import { signedInUser, type AccountsTestApp } from "./accounts";
import type { Database } from "../../server/db/database";
import { users } from "../../server/db/schema";

// Shared by the roles tests: people with a role, and many users at once without the cost of signing up.

export interface Person {
  email: string;
  firstname: string;
  lastname: string;
}

export const people = {
  admin: { email: "tunde.okoro@example.org", firstname: "Tunde", lastname: "Okoro" },
  secondAdmin: { email: "zainab.musa@example.org", firstname: "Zainab", lastname: "Musa" },
  moderator: { email: "ngozi.eze@example.org", firstname: "Ngozi", lastname: "Eze" },
  user: { email: "Alice.Okafor@Example.org", firstname: "Alice", lastname: "Okafor" },
} satisfies Record<string, Person>;

/** Signs a person up, verifies them, gives them `role` in the database (as an admin would); their token. */
export async function signedInAs(t: AccountsTestApp, role: UserRole, person: Person): Promise<string> {
  const token = await signedInUser(t.app, t.db, { ...person, password: "Kettle-Drum-42" });
  if (role !== "user") await t.db.update(users).set({ role }).where(eq(users.email, person.email));
  return token;
}

export async function idOf(db: Database, email: string): Promise<number> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!found) throw new Error(`no user ${email}`);
  return found.id;
}

export async function roleOf(db: Database, id: number): Promise<UserRole | undefined> {
  const [found] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return found?.role;
}

/** `count` users named "Person{n} Example{n}" <person{n}@example.net>, added in one statement. */
export async function addUsers(db: Database, count: number): Promise<void> {
  await db.execute(sql`
    insert into users (email, firstname, lastname, is_verified)
    select 'person' || n || '@example.net', 'Person' || n, 'Example' || n, n % 2 = 0
    from generate_series(1, ${count}::integer) as n`);
}
