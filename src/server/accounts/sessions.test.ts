import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emptyTables } from "../../test/server/accounts";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import type { DatabaseHandle } from "../db/database";
import { sessions, users } from "../db/schema";
import { endSession, findSignedInUser, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, startSession } from "./sessions";

// The session check every signed-in request makes (a prepared statement whose instant is a placeholder):
// a live session finds its user; an idle, too old or ended one finds nobody, on both databases.

const start = new Date("2026-03-02T09:00:00.000Z");
const later = (ms: number) => new Date(start.getTime() + ms);
const minute = 60 * 1000;

describe.each(testDatabaseKinds())("the session check on %s", (kind) => {
  let database: DatabaseHandle;
  let userId: number;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await emptyTables(database.db);
    const [user] = await database.db
      .insert(users)
      .values({ email: "amina@example.org", firstname: "Amina", lastname: "Bello", isVerified: true })
      .returning({ id: users.id });
    userId = user?.id ?? 0;
  });

  async function idleExpiry(): Promise<Date | undefined> {
    const [session] = await database.db.select().from(sessions);
    return session?.idleExpiresAt;
  }

  it("finds the user of a live session, without the session's secrets", async () => {
    const token = await startSession(database.db, userId, start);
    const found = await findSignedInUser(database.db, token, later(minute));
    expect(found).toMatchObject({ id: userId, email: "amina@example.org", role: "user", isVerified: true });
    expect(Object.keys(found ?? {}).sort()).toEqual(
      ["email", "firstname", "id", "isVerified", "language", "lastname", "role", "sessionId"].sort(),
    );
    expect(await findSignedInUser(database.db, `${token}x`, later(minute))).toBeNull();
  });

  it("ends a session left idle, and slides the idle limit of one in use", async () => {
    const token = await startSession(database.db, userId, start);
    expect(await findSignedInUser(database.db, token, later(SESSION_IDLE_MS - 1))).not.toBeNull();
    // Used a moment before its idle limit: the limit moves to a full idle period after that use.
    expect(await idleExpiry()).toEqual(later(SESSION_IDLE_MS - 1 + SESSION_IDLE_MS));

    const lastUse = SESSION_IDLE_MS - 1;
    expect(await findSignedInUser(database.db, token, later(lastUse + SESSION_IDLE_MS))).toBeNull();
  });

  it("does not write for a use within a minute of the last slide", async () => {
    const token = await startSession(database.db, userId, start);
    const before = await idleExpiry();
    expect(await findSignedInUser(database.db, token, later(30 * 1000))).not.toBeNull();
    expect(await idleExpiry()).toEqual(before);
  });

  it("ends every session at its absolute limit, however often it is used", async () => {
    const token = await startSession(database.db, userId, start);
    for (let day = 1; day * 24 * 60 * minute < SESSION_ABSOLUTE_MS; day += 1) {
      expect(await findSignedInUser(database.db, token, later(day * 24 * 60 * minute))).not.toBeNull();
    }
    expect(await idleExpiry()).toEqual(later(SESSION_ABSOLUTE_MS));
    expect(await findSignedInUser(database.db, token, later(SESSION_ABSOLUTE_MS))).toBeNull();
  });

  it("finds nobody for an ended session", async () => {
    const token = await startSession(database.db, userId, start);
    const found = await findSignedInUser(database.db, token, later(minute));
    await endSession(database.db, found?.sessionId ?? "", later(2 * minute));
    expect(await findSignedInUser(database.db, token, later(3 * minute))).toBeNull();
  });

  it("reads the role as it is now", async () => {
    const token = await startSession(database.db, userId, start);
    await database.db.update(users).set({ role: "moderator" }).where(eq(users.id, userId));
    expect((await findSignedInUser(database.db, token, later(minute)))?.role).toBe("moderator");
  });
});
