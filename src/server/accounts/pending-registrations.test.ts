import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import type { DatabaseHandle } from "../db/database";
import { authTokens, passwords, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { emailText } from "../mail/compose";
import {
  alice,
  buildTestApp,
  cookiesFrom,
  emptyTables,
  login,
  outbox,
  readVerificationLink,
  register,
  tokenMailedTo,
  verifyEmail,
  type AccountsTestApp,
} from "../../test/server/accounts";

// Registrations of an address nobody has verified never overwrite each other: each keeps its own names,
// password and link. Verifying one ends the others. The mail of a later registration tells the owner
// that the address was registered before.

const owner = { ...alice, password: "Tangerine_Bicycle_84" };
const squatter = { ...alice, password: "Crimson-Harbour-31", firstname: "Mallory", lastname: "Thief" };
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabaseKinds())("pending registrations of one address on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database);
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(() => emptyTables(database.db));

  /** Registers and returns the registration's link and answer. */
  async function registration(body: object) {
    const answer = await register(t.app, body);
    return { answer, link: await tokenMailedTo(t.db, alice.email, "verify-email") };
  }

  it("keeps each registration's names, password and link, and answers every registration alike", async () => {
    const first = await registration(owner);
    const second = await registration(squatter);

    expect(second.answer.statusCode).toBe(201);
    expect(second.answer.body).toBe(first.answer.body);
    expect(second.link).not.toBe(first.link);
    expect((await readVerificationLink(t.app, first.link)).json()).toMatchObject({
      firstname: "Alice",
      lastname: "Okafor",
    });
    expect((await readVerificationLink(t.app, second.link)).json()).toMatchObject({
      firstname: "Mallory",
      lastname: "Thief",
    });
    // Either password is right for its own registration: "verify first", not "wrong password".
    expect((await login(t.app, owner)).statusCode).toBe(403);
    expect((await login(t.app, squatter)).statusCode).toBe(403);
    expect(await t.db.select().from(users)).toHaveLength(2);
    expect(await t.db.select().from(passwords)).toHaveLength(2);
  });

  it("ends the others when one is verified: their links fail with the usual sentence, their data is gone", async () => {
    const first = await registration(owner);
    const second = await registration(squatter);
    const third = await registration({ ...owner, firstname: "Ada" });

    const verified = await verifyEmail(t.app, { token: first.link, password: owner.password });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ firstname: "Alice", isVerified: true });

    for (const link of [second.link, third.link]) {
      for (const response of [
        await readVerificationLink(t.app, link),
        await verifyEmail(t.app, { token: link }, cookiesFrom(second.answer)),
        await verifyEmail(t.app, { token: link, newPassword: "Brand-New-Drum-77" }),
      ]) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: accountMessages.verificationLinkInvalid,
          code: "LINK_INVALID",
          problem: { key: "account.verificationLinkInvalid", params: {} },
        });
      }
    }
    const rows = await t.db.select().from(users);
    expect(rows).toEqual([expect.objectContaining({ firstname: "Alice", isVerified: true })]);
    expect(await t.db.select().from(passwords)).toHaveLength(1);
    expect((await t.db.select().from(authTokens)).every((token) => token.userId === rows[0]!.id)).toBe(true);
    expect((await login(t.app, squatter)).statusCode).toBe(401);
    expect((await login(t.app, owner)).statusCode).toBe(200);
  });

  it("tells the owner, in the later registration's mail, that the address was registered before", async () => {
    await registration(owner);
    await registration({ ...squatter, language: "ha" });
    await registration(owner);

    const [firstMail, secondMail, thirdMail] = await outbox(t.db);
    const english = emailText("en");
    expect(firstMail?.textBody).not.toContain(english("verification.alsoRegistered"));
    expect(secondMail?.subject).toBe(emailText("ha")("verification.subject"));
    expect(secondMail?.textBody).toContain(emailText("ha")("verification.alsoRegistered"));
    expect(thirdMail?.textBody).toContain(english("verification.alsoRegistered"));
  });

  it("resends only this browser's registration, leaving the other's link working", async () => {
    const first = await registration(owner);
    const second = await registration(squatter);

    const resent = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/resend-verification",
      payload: { email: alice.email },
      headers: cookiesFrom(first.answer),
    });
    expect(resent.statusCode).toBe(200);
    const newLink = await tokenMailedTo(t.db, alice.email, "verify-email");
    expect((await readVerificationLink(t.app, newLink)).json().firstname).toBe("Alice");
    // The resending browser is now the registering one; the squatter's link still works.
    expect((await readVerificationLink(t.app, second.link)).statusCode).toBe(200);
    expect((await readVerificationLink(t.app, first.link)).statusCode).toBe(400);
    const verified = await verifyEmail(t.app, { token: newLink }, cookiesFrom(resent));
    expect(verified.json().user.firstname).toBe("Alice");
  });

  it("removes a registration whose link has expired when the address is registered again", async () => {
    await registration(squatter);
    t.clock.advance(DAY + 1000);
    await registration(owner);

    expect(await t.db.select({ firstname: users.firstname }).from(users)).toEqual([{ firstname: "Alice" }]);
    const mails = await outbox(t.db);
    expect(mails.at(-1)?.textBody).not.toContain(emailText("en")("verification.alsoRegistered"));
  });

  it("verifies the newest registration by a password reset and ends the others", async () => {
    await registration(squatter);
    await registration(owner);
    await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/request-password-reset",
      payload: { email: alice.email },
    });
    const resetLink = await tokenMailedTo(t.db, alice.email, "reset-password");

    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/reset-password",
      payload: { token: resetLink, newPassword: "Lantern_Harbour_19" },
    });

    expect(reset.statusCode).toBe(200);
    expect(
      await t.db.select({ firstname: users.firstname, isVerified: users.isVerified }).from(users),
    ).toEqual([{ firstname: "Alice", isVerified: true }]);
    expect((await login(t.app, { email: alice.email, password: "Lantern_Harbour_19" })).statusCode).toBe(200);
  });

  it("lets one of two verifications made at once win, and refuses the other cleanly", async () => {
    const first = await registration(owner);
    const second = await registration(squatter);

    const answers = await Promise.all([
      verifyEmail(t.app, { token: first.link, password: owner.password }),
      verifyEmail(t.app, { token: second.link, password: squatter.password }),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });
});
