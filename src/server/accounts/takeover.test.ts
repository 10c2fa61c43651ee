import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import { passwordMessages } from "../../domain/accounts/password-policy";
import type { DatabaseHandle } from "../db/database";
import { authTokens, passwords, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  alice,
  bearer,
  buildTestApp,
  cookiesFrom,
  emptyTables,
  login,
  readVerificationLink,
  register,
  tenThousandListPassword,
  tokenMailedTo,
  verifyEmail,
  type AccountsTestApp,
} from "../../test/server/accounts";

// An e-mailed verification link is used only by a person's action (a POST). Opening it changes nothing:
// mail services' link checkers and previews fetch every link, and a second browser may open it first.
// The registering browser (its cookie) needs the token alone; any other browser gives the password chosen
// at registration, or chooses a new one, which removes the registration's password: whoever registered may
// not own the address (pre-registration takeover).

const attacker = { ...alice, password: "Crimson-Harbour-31", firstname: "Mallory", lastname: "Thief" };
const victimsPassword = "Tangerine_Bicycle_84";

describe.each(testDatabaseKinds())("verification links opened elsewhere on %s", (kind) => {
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

  /** The account's state that opening a link must leave alone. */
  const accountState = async () => ({
    users: await t.db.select().from(users),
    passwords: await t.db.select().from(passwords),
    tokens: await t.db.select().from(authTokens),
  });

  it("sets a short-lived, HttpOnly, same-site cookie for /api/v1/auth on registration", async () => {
    const response = await register(t.app);
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/^ia_registration=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain("Path=/api/v1/auth");
    expect(setCookie).toContain("Max-Age=86400");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Strict");
    expect(setCookie).toContain("Secure");
  });

  it("changes nothing when a link checker opens the link; the owner then verifies and signs in with their password", async () => {
    const registered = await register(t.app, { ...alice, password: victimsPassword });
    const link = await tokenMailedTo(t.db, alice.email, "verify-email");
    const before = await accountState();

    // A mail service's checker: GET and HEAD of what the link leads to, a token-only POST without the
    // browser's cookie, and the path the API once used up tokens on.
    const read = await readVerificationLink(t.app, link);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      success: true,
      message: accountMessages.verificationLinkReady,
      email: alice.email,
      firstname: "Alice",
      lastname: "Okafor",
      registeredAt: expect.stringMatching(/^2026-03-02T09:00:00\.\d{3}Z$/),
      sameBrowser: false,
    });
    const head = await t.app.inject({
      method: "HEAD",
      url: `/api/v1/auth/verify-email/${link}/registration`,
    });
    expect(head.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/auth/verify-email/${link}` })).statusCode).toBe(
      404,
    );
    const tokenAlone = await verifyEmail(t.app, { token: link });
    expect(tokenAlone.statusCode).toBe(400);
    expect(tokenAlone.json()).toEqual({
      success: false,
      message: accountMessages.verificationProofNeeded,
      code: "VALIDATION_FAILED",
      field: "password",
      problem: { key: "account.verificationProofNeeded", params: {} },
    });
    expect(await accountState()).toEqual(before);
    expect((await login(t.app, { email: alice.email, password: victimsPassword })).statusCode).toBe(403);

    // The owner, in the browser that registered: the page sees it is that browser and verifies.
    expect((await readVerificationLink(t.app, link, cookiesFrom(registered))).json().sameBrowser).toBe(true);
    const verified = await verifyEmail(t.app, { token: link }, cookiesFrom(registered));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: accountMessages.verified, user: { isVerified: true } });
    expect(String(verified.headers["set-cookie"])).toContain("ia_registration=; ");
    expect((await login(t.app, { email: alice.email, password: victimsPassword })).statusCode).toBe(200);
    // Used once: read or used again, the link says so.
    for (const again of [
      await readVerificationLink(t.app, link),
      await verifyEmail(t.app, { token: link }),
    ]) {
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(accountMessages.verificationLinkUsed);
    }
  });

  it("verifies in another browser with the password chosen at registration, and keeps it", async () => {
    await register(t.app, { ...alice, password: victimsPassword });
    const link = await tokenMailedTo(t.db, alice.email, "verify-email");

    const wrong = await verifyEmail(t.app, { token: link, password: "Not-The-Password-1" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      success: false,
      message: accountMessages.registrationPasswordWrong,
      code: "WRONG_CREDENTIALS",
      problem: { key: "account.registrationPasswordWrong", params: {} },
    });
    const verified = await verifyEmail(t.app, { token: link, password: victimsPassword });

    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      success: true,
      message: accountMessages.verified,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: expect.objectContaining({ email: alice.email, isVerified: true }),
    });
    const profile = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/auth/update-profile",
      headers: bearer(verified.json().token),
      payload: { firstname: "Alice", lastname: "Okafor" },
    });
    expect(profile.statusCode).toBe(200);
    expect((await login(t.app, { email: alice.email, password: victimsPassword })).statusCode).toBe(200);
  });

  it("never signs in whoever registered a victim's address: the owner chooses a new password instead", async () => {
    // The attacker registers the victim's address; the link goes to the victim's inbox.
    await register(t.app, attacker);
    const link = await tokenMailedTo(t.db, alice.email, "verify-email");

    // The victim opens it in their own browser: the page shows whose registration it is.
    expect((await readVerificationLink(t.app, link)).json()).toMatchObject({
      email: alice.email,
      firstname: "Mallory",
      sameBrowser: false,
    });
    const chosen = await verifyEmail(t.app, { token: link, newPassword: victimsPassword });

    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      success: true,
      message: accountMessages.passwordChosen,
      user: { email: alice.email, isVerified: true },
    });
    const [user] = await t.db.select().from(users);
    expect(await t.db.select().from(passwords).where(eq(passwords.userId, user!.id))).toHaveLength(1);
    expect((await login(t.app, attacker)).statusCode).toBe(401);
    expect((await login(t.app, { email: alice.email, password: victimsPassword })).statusCode).toBe(200);
    // The attacker's own browser, replaying the link, gets nothing.
    expect((await verifyEmail(t.app, { token: link, password: attacker.password })).statusCode).toBe(400);
  });

  it("holds the new password to the rules, the person's details and the common-password list, and uses nothing meanwhile", async () => {
    await register(t.app, attacker);
    const link = await tokenMailedTo(t.db, alice.email, "verify-email");
    const choose = (newPassword: string) => verifyEmail(t.app, { token: link, newPassword });

    expect((await choose("short")).statusCode).toBe(400);
    expect((await choose("Mallory.Thief-2024!")).json()).toEqual({
      success: false,
      message: passwordMessages.personal,
      code: "VALIDATION_FAILED",
      field: "newPassword",
      problem: { key: "password.personal", params: {} },
    });
    expect((await choose("Inclusion!Atlas1")).json()).toEqual({
      success: false,
      message: passwordMessages.siteName,
      code: "VALIDATION_FAILED",
      field: "newPassword",
      problem: { key: "password.siteName", params: {} },
    });
    // Only the list of the 10,000 most common passwords has this one (src/test/server/accounts.ts).
    expect((await choose(tenThousandListPassword)).json()).toEqual({
      success: false,
      message: passwordMessages.common,
      code: "VALIDATION_FAILED",
      field: "newPassword",
      problem: { key: "password.common", params: {} },
    });
    const both = await verifyEmail(t.app, {
      token: link,
      password: attacker.password,
      newPassword: victimsPassword,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(accountMessages.verificationProofNeeded);
    expect((await choose(victimsPassword)).statusCode).toBe(200);
  });

  it("refuses a link older than 24 hours, however it is used", async () => {
    const registered = await register(t.app, { ...alice, password: victimsPassword });
    const link = await tokenMailedTo(t.db, alice.email, "verify-email");
    t.clock.advance(24 * 60 * 60 * 1000);
    for (const response of [
      await readVerificationLink(t.app, link),
      await verifyEmail(t.app, { token: link }, cookiesFrom(registered)),
      await verifyEmail(t.app, { token: link, password: victimsPassword }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: accountMessages.verificationLinkExpired,
        code: "LINK_INVALID",
        problem: { key: "account.verificationLinkExpired", params: {} },
      });
    }
  });
});
