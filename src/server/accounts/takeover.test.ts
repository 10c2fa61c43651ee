import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import { passwordMessages } from "../../domain/accounts/password-policy";
import type { DatabaseHandle } from "../db/database";
import { passwords, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  alice,
  bearer,
  buildTestApp,
  cookiesFrom,
  emptyTables,
  login,
  outbox,
  register,
  tenThousandListPassword,
  tokenMailedTo,
  type AccountsTestApp,
} from "../../test/server/accounts";

// Pre-registration takeover: someone registers the victim's address with a password they know, and waits
// for the victim to follow the verification link. The link signs in only the browser that registered
// (its cookie); opened anywhere else it confirms the address and asks for a new password, discarding the
// one set at registration. A newer registration of an unverified address replaces the older one.

const attacker = { ...alice, password: "Crimson-Harbour-31", firstname: "Mallory", lastname: "Thief" };
const victimsPassword = "Tangerine_Bicycle_84";

describe.each(testDatabaseKinds())("verification links opened in another browser on %s", (kind) => {
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

  const verify = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/v1/auth/verify-email/${token}`, headers });
  const choose = (token: string, password: string) =>
    t.app.inject({ method: "POST", url: "/api/v1/auth/choose-password", payload: { token, password } });

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

  it("never signs in the person who registered a victim's address: the victim chooses the password", async () => {
    // The attacker registers the victim's address; the link goes to the victim's inbox.
    await register(t.app, attacker);
    const link = await tokenMailedTo(t.db, alice.email, "verify-email");

    // The victim opens it in their own browser: no registration cookie.
    const opened = await verify(link);

    expect(opened.statusCode).toBe(200);
    const answer = opened.json();
    expect(answer).toEqual({
      success: true,
      message: accountMessages.verifiedChoosePassword,
      passwordRequired: true,
      passwordToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      email: alice.email,
      firstname: "Mallory",
      lastname: "Thief",
    });
    expect(answer).not.toHaveProperty("token");
    // The address is confirmed, and the attacker's password is gone.
    const [user] = await t.db.select().from(users);
    expect(user?.isVerified).toBe(true);
    expect(await t.db.select().from(passwords).where(eq(passwords.userId, user!.id))).toEqual([]);
    expect((await login(t.app, attacker)).statusCode).toBe(401);

    const chosen = await choose(answer.passwordToken, victimsPassword);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({
      success: true,
      message: accountMessages.passwordChosen,
      user: { email: alice.email, isVerified: true },
    });
    const profile = await t.app.inject({
      method: "PATCH",
      url: "/api/v1/auth/update-profile",
      headers: bearer(chosen.json().token),
      payload: { firstname: "Alice", lastname: "Okafor" },
    });
    expect(profile.statusCode).toBe(200);
    expect((await login(t.app, attacker)).statusCode).toBe(401);
    expect((await login(t.app, { email: alice.email, password: victimsPassword })).statusCode).toBe(200);
    // The page's token works once.
    expect((await choose(answer.passwordToken, "Another_Bicycle_85")).statusCode).toBe(400);
  });

  it("replaces the pending password when an unverified address is registered again, voiding earlier links", async () => {
    const first = await register(t.app, attacker);
    const firstLink = await tokenMailedTo(t.db, alice.email, "verify-email");
    const second = await register(t.app, { ...alice, password: victimsPassword });
    const secondLink = await tokenMailedTo(t.db, alice.email, "verify-email");

    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(secondLink).not.toBe(firstLink);
    expect((await outbox(t.db)).map((mail) => mail.subject)).toEqual([
      "Verify your e-mail address for Inclusion Atlas",
      "Verify your e-mail address for Inclusion Atlas",
    ]);
    // The first link is void, even in the first browser.
    const stale = await verify(firstLink, cookiesFrom(first));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(accountMessages.verificationLinkInvalid);
    // The first registrant's browser cannot use the new link to sign in either.
    const elsewhere = await verify(secondLink, cookiesFrom(first));
    expect(elsewhere.json()).toMatchObject({ passwordRequired: true });
    expect((await login(t.app, attacker)).statusCode).toBe(401);
  });

  it("keeps the usual flow: the registering browser is signed in by the link, with its password", async () => {
    const registered = await register(t.app, { ...alice, password: victimsPassword });
    const link = await tokenMailedTo(t.db, alice.email, "verify-email");

    const verified = await verify(link, cookiesFrom(registered));

    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      success: true,
      passwordRequired: false,
      token: expect.any(String),
      user: { isVerified: true },
    });
    expect(String(verified.headers["set-cookie"])).toContain("ia_registration=; ");
    expect((await login(t.app, { email: alice.email, password: victimsPassword })).statusCode).toBe(200);
  });

  it("holds the chosen password to the rules, the person's details and the common-password list", async () => {
    await register(t.app, attacker);
    const answer = (await verify(await tokenMailedTo(t.db, alice.email, "verify-email"))).json();
    const weak = await choose(answer.passwordToken, "short");
    expect(weak.statusCode).toBe(400);
    const personal = await choose(answer.passwordToken, "Alice.Okafor-2024!");
    expect(personal.json()).toEqual({
      success: false,
      message: passwordMessages.personal,
      code: "VALIDATION_FAILED",
      field: "password",
    });
    const guessable = await choose(answer.passwordToken, "Inclusion!Atlas1");
    expect(guessable.json()).toEqual({
      success: false,
      message: passwordMessages.siteName,
      code: "VALIDATION_FAILED",
      field: "password",
    });
    // Only the list of the 10,000 most common passwords has this one (src/test/server/accounts.ts).
    const common = await choose(answer.passwordToken, tenThousandListPassword);
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      success: false,
      message: passwordMessages.common,
      code: "VALIDATION_FAILED",
      field: "password",
    });
    expect((await choose("A".repeat(43), victimsPassword)).json()).toEqual({
      success: false,
      code: "LINK_INVALID",
      message: accountMessages.choosePasswordLinkInvalid,
    });
    t.clock.advance(61 * 60 * 1000);
    expect((await choose(answer.passwordToken, victimsPassword)).statusCode).toBe(400);
  });
});
