import { eq } from "drizzle-orm";
import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import { passwordMessages } from "../../domain/accounts/password-policy";
import type { DatabaseHandle } from "../db/database";
import { auditLog, authTokens, passwords, sessions, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { getSignedInUser, requireRole, requireUser } from "./guards";
import {
  alice,
  bearer,
  buildTestApp,
  emptyTables,
  login,
  outbox,
  register,
  signedInUser,
  tenThousandListPassword,
  tokenMailedTo,
  type AccountsTestApp,
  cookiesFrom,
  verifyEmail,
} from "../../test/server/accounts";

// Signing in: login, the guards and their sessions, logout, the profile, and password reset.

const DAY = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = "Lantern_Harbour_19";

describe.each(testDatabaseKinds())("signing in on %s", (kind) => {
  let database: DatabaseHandle;
  let t: AccountsTestApp;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await buildTestApp(database);
    // Routes of a later module, guarded the way they will be.
    t.app.get("/api/v1/test/me", async (request) => ({ user: await requireUser(request) }));
    t.app.get("/api/v1/test/maybe", async (request) => ({ user: await getSignedInUser(request) }));
    t.app.get("/api/v1/test/staff", async (request) => {
      const user = await requireRole(request, ["admin", "moderator"]);
      return { success: true, role: user.role };
    });
  });
  afterAll(async () => {
    await t.app.close();
    await database.close();
  });
  beforeEach(() => emptyTables(database.db));

  const me = (token: string) =>
    t.app.inject({ method: "GET", url: "/api/v1/test/me", headers: bearer(token) });

  describe("login", () => {
    it("signs a verified user in and returns a token and the public user", async () => {
      await signedInUser(t.app, t.db);

      const response = await login(t.app, { email: " alice.okafor@example.org ", password: alice.password });

      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.json()).toEqual({
        success: true,
        message: "Welcome back, Alice!",
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        user: {
          id: 1,
          firstname: "Alice",
          lastname: "Okafor",
          email: alice.email,
          role: "user",
          isVerified: true,
          language: "en",
        },
      });
      expect((await me(response.json().token)).statusCode).toBe(200);
    });

    it("says only that the credentials are wrong, for a wrong password and for an unknown address alike", async () => {
      await signedInUser(t.app, t.db);

      const wrongPassword = await login(t.app, { email: alice.email, password: "Kettle-Drum-43" });
      const unknown = await login(t.app, { email: "nobody@example.org", password: alice.password });

      for (const response of [wrongPassword, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          success: false,
          message: accountMessages.wrongCredentials,
          code: "WRONG_CREDENTIALS",
          problem: { key: "account.wrongCredentials", params: {} },
        });
      }
    });

    it("says 'not verified' only to someone who knows the password", async () => {
      await register(t.app);

      const wrong = await login(t.app, { email: alice.email, password: "Kettle-Drum-43" });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().message).toBe(accountMessages.wrongCredentials);

      const right = await login(t.app);
      expect(right.statusCode).toBe(403);
      expect(right.json()).toEqual({
        success: false,
        message: accountMessages.notVerified,
        code: "EMAIL_NOT_VERIFIED",
        problem: { key: "account.notVerified", params: {} },
      });
      expect(await t.db.select().from(sessions)).toHaveLength(0);
    });

    it("asks for both fields", async () => {
      const response = await login(t.app, { email: alice.email, password: "" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: "Please fill out all fields",
        code: "VALIDATION_FAILED",
        field: "password",
        problem: { key: "request.fieldInvalid", params: { field: "password" } },
      });
    });

    it("replaces a password hash made with older settings at the next sign-in", async () => {
      await signedInUser(t.app, t.db);
      // A genuine hash of the same password, made at another cost.
      const oldHash = await hash(alice.password, { memoryCost: 32, timeCost: 1, parallelism: 1 });
      await t.db.update(passwords).set({ hash: oldHash });

      expect((await login(t.app)).statusCode).toBe(200);
      const [after] = await t.db.select().from(passwords);
      expect(after?.hash).toContain("m=64,");
      expect((await login(t.app)).statusCode).toBe(200);
    });
  });

  describe("guards", () => {
    it("asks to sign in when there is no token, and says the session ended when the token is dead", async () => {
      const none = await t.app.inject({ method: "GET", url: "/api/v1/test/me" });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual({
        success: false,
        message: "Please sign in to continue.",
        code: "UNAUTHENTICATED",
        problem: { key: "account.signInRequired", params: {} },
      });

      const dead = await me("A".repeat(43));
      expect(dead.statusCode).toBe(401);
      expect(dead.json()).toEqual({
        success: false,
        message: accountMessages.sessionEnded,
        code: "UNAUTHENTICATED",
        problem: { key: "account.sessionEnded", params: {} },
      });

      const maybe = await t.app.inject({ method: "GET", url: "/api/v1/test/maybe" });
      expect(maybe.json()).toEqual({ user: null });
    });

    it("reads the role from the database on every request", async () => {
      const token = await signedInUser(t.app, t.db);
      const staff = () => t.app.inject({ method: "GET", url: "/api/v1/test/staff", headers: bearer(token) });

      const before = await staff();
      expect(before.statusCode).toBe(403);
      expect(before.json()).toEqual({
        success: false,
        message: accountMessages.notAllowed,
        code: "FORBIDDEN",
        problem: { key: "account.notAllowed", params: {} },
      });

      await t.db.update(users).set({ role: "moderator" }).where(eq(users.id, 1));
      expect((await staff()).json()).toEqual({ success: true, role: "moderator" });

      await t.db.update(users).set({ role: "user" }).where(eq(users.id, 1));
      expect((await staff()).statusCode).toBe(403);
    });

    it("ends an unused session after 7 days", async () => {
      const token = await signedInUser(t.app, t.db);
      t.clock.advance(7 * DAY - 60_000);
      expect((await me(token)).statusCode).toBe(200);

      t.clock.advance(7 * DAY + 60_000);
      expect((await me(token)).statusCode).toBe(401);
    });

    it("keeps a session in use alive, but never beyond 30 days", async () => {
      const token = await signedInUser(t.app, t.db);
      for (let day = 6; day < 30; day += 6) {
        t.clock.advance(6 * DAY);
        expect((await me(token)).statusCode, `day ${day}`).toBe(200);
      }
      t.clock.advance(6 * DAY);
      expect((await me(token)).statusCode).toBe(401);
    });

    it("answers with the public user only", async () => {
      const token = await signedInUser(t.app, t.db);
      const response = await me(token);
      expect(Object.keys(response.json().user).sort()).toEqual(
        ["email", "firstname", "id", "isVerified", "language", "lastname", "role", "sessionId"].sort(),
      );
    });
  });

  describe("logout", () => {
    it("ends the session: the token stops working, other sessions go on", async () => {
      const first = await signedInUser(t.app, t.db);
      const second = (await login(t.app)).json().token as string;

      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/logout",
        headers: bearer(first),
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: "Logout successful" });
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(200);
      const again = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/logout",
        headers: bearer(first),
      });
      expect(again.statusCode).toBe(401);
    });

    it("accepts an empty JSON body", async () => {
      const token = await signedInUser(t.app, t.db);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/logout",
        headers: { ...bearer(token), "content-type": "application/json" },
      });
      expect(response.statusCode).toBe(200);
    });

    it("asks to sign in without a token", async () => {
      const response = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout" });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("update-profile", () => {
    const update = (token: string | null, payload: object) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/v1/auth/update-profile",
        headers: token ? bearer(token) : {},
        payload,
      });

    it("changes the names and returns the user; the e-mail address cannot change", async () => {
      const token = await signedInUser(t.app, t.db);

      const response = await update(token, {
        firstname: " Adaeze ",
        lastname: "Okafor-Bello",
        email: "mallory@example.org",
        role: "admin",
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: "Profile updated successfully",
        user: {
          id: 1,
          firstname: "Adaeze",
          lastname: "Okafor-Bello",
          email: alice.email,
          role: "user",
          isVerified: true,
          language: "en",
        },
      });
    });

    it("asks for both names", async () => {
      const token = await signedInUser(t.app, t.db);
      const response = await update(token, { firstname: "Adaeze", lastname: " " });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: "Fill all required fields",
        code: "VALIDATION_FAILED",
        field: "lastname",
        problem: { key: "request.fieldInvalid", params: { field: "lastname" } },
      });
    });

    it("is refused without a live session", async () => {
      const response = await update(null, { firstname: "A", lastname: "B" });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe("Please sign in to continue.");
    });
  });

  describe("password reset", () => {
    const requestReset = (email: string) =>
      t.app.inject({ method: "POST", url: "/api/v1/auth/request-password-reset", payload: { email } });
    const resetPassword = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/v1/auth/reset-password", payload });
    const profile = (token: string) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/v1/auth/update-profile",
        headers: bearer(token),
        payload: { firstname: "Alice", lastname: "Okafor" },
      });

    it("sets a new password with the e-mailed link and ends every session", async () => {
      const oldSession = await signedInUser(t.app, t.db);

      const requested = await requestReset("ALICE.okafor@example.org");
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toEqual({
        success: true,
        message: "If your email is registered, you will receive a password reset link",
      });
      const token = await tokenMailedTo(t.db, alice.email, "reset-password");

      const response = await resetPassword({ token, newPassword: NEW_PASSWORD });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: accountMessages.passwordReset });
      expect((await profile(oldSession)).statusCode).toBe(401);
      expect((await login(t.app)).statusCode).toBe(401);
      expect((await login(t.app, { email: alice.email, password: NEW_PASSWORD })).statusCode).toBe(200);
      const mails = await outbox(t.db);
      expect(mails[mails.length - 1]?.subject).toBe("Your Inclusion Atlas password was changed");
      expect((await t.db.select().from(auditLog)).map((entry) => entry.action)).toContain(
        "user.password-reset",
      );
    });

    it("answers the same for an unknown address, and sends nothing", async () => {
      await signedInUser(t.app, t.db);
      const before = (await outbox(t.db)).length;

      const known = await requestReset(alice.email);
      const unknown = await requestReset("nobody@example.org");

      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(await outbox(t.db)).toHaveLength(before + 1);
    });

    it("works once", async () => {
      await signedInUser(t.app, t.db);
      await requestReset(alice.email);
      const token = await tokenMailedTo(t.db, alice.email, "reset-password");
      expect((await resetPassword({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);

      const again = await resetPassword({ token, newPassword: "Another-Lantern-20" });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        success: false,
        message: accountMessages.resetLinkUsed,
        code: "LINK_INVALID",
        problem: { key: "account.resetLinkUsed", params: {} },
      });
      expect((await login(t.app, { email: alice.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it("refuses a link older than 1 hour", async () => {
      await signedInUser(t.app, t.db);
      await requestReset(alice.email);
      const token = await tokenMailedTo(t.db, alice.email, "reset-password");
      t.clock.advance(60 * 60 * 1000);

      const response = await resetPassword({ token, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.resetLinkExpired);
      expect((await login(t.app)).statusCode).toBe(200);
    });

    it("honours only the latest link when several were asked for", async () => {
      await signedInUser(t.app, t.db);
      await requestReset(alice.email);
      const first = await tokenMailedTo(t.db, alice.email, "reset-password");
      await requestReset(alice.email);
      const second = await tokenMailedTo(t.db, alice.email, "reset-password");

      expect((await resetPassword({ token: first, newPassword: NEW_PASSWORD })).json().message).toBe(
        accountMessages.resetLinkInvalid,
      );
      expect((await resetPassword({ token: second, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it("refuses a verification link used as a reset link", async () => {
      await register(t.app);
      const verifyToken = await tokenMailedTo(t.db, alice.email, "verify-email");
      const response = await resetPassword({ token: verifyToken, newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.resetLinkInvalid);
    });

    it("applies the password rule to the new password and keeps the link usable", async () => {
      await signedInUser(t.app, t.db);
      await requestReset(alice.email);
      const token = await tokenMailedTo(t.db, alice.email, "reset-password");

      const weak = await resetPassword({ token, newPassword: "lantern" });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe(
        "Your password needs at least 8 characters, an uppercase letter, a number and a special character such as ! @ # $ or %.",
      );
      const common = await resetPassword({ token, newPassword: "Welcome@2025" });
      expect(common.json().message).toBe(passwordMessages.common);
      // Only the list of the 10,000 most common passwords has this one (src/test/server/accounts.ts).
      const tenThousand = await resetPassword({ token, newPassword: tenThousandListPassword });
      expect(tenThousand.statusCode).toBe(400);
      expect(tenThousand.json()).toEqual({
        success: false,
        message: passwordMessages.common,
        code: "VALIDATION_FAILED",
        field: "newPassword",
        problem: { key: "password.common", params: {} },
      });

      for (const [newPassword, message, key] of [
        ["Inclusion!Atlas1", passwordMessages.siteName, "password.siteName"],
        // The account's address is at example.org.
        ["Example.org2024!", passwordMessages.emailAddress, "password.emailAddress"],
        ["Aa1!aaaa", passwordMessages.pattern, "password.pattern"],
      ]) {
        const guessable = await resetPassword({ token, newPassword });
        expect(guessable.statusCode, newPassword).toBe(400);
        expect(guessable.json(), newPassword).toEqual({
          success: false,
          message,
          code: "VALIDATION_FAILED",
          field: "newPassword",
          problem: { key, params: {} },
        });
      }

      expect((await resetPassword({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it("asks for a link when the token is missing", async () => {
      const response = await resetPassword({ newPassword: NEW_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        code: "VALIDATION_FAILED",
        field: "token",
        message: "Invalid reset link. Please request a new password reset.",
        problem: { key: "request.fieldInvalid", params: { field: "token" } },
      });
    });

    it("lets the owner of an unverified address take the account over, verifying it", async () => {
      // Someone registered with Alice's address and a password of their own, and never verified.
      await register(t.app, { ...alice, password: "Squatter-Pass-1" });
      // Alice asks for a new password: the link proves the address is hers.
      await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/request-password-reset",
        payload: { email: alice.email },
      });
      const token = await tokenMailedTo(t.db, alice.email, "reset-password");

      expect((await resetPassword({ token, newPassword: NEW_PASSWORD })).statusCode).toBe(200);

      const [user] = await t.db.select().from(users);
      expect(user?.isVerified).toBe(true);
      expect(
        await t.db
          .select()
          .from(authTokens)
          .then((rows) => rows.map((row) => row.purpose)),
      ).toEqual(["reset"]);
      expect((await login(t.app, { email: alice.email, password: "Squatter-Pass-1" })).statusCode).toBe(401);
      expect((await login(t.app, { email: alice.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it("lets the owner take it over by registering again: verifying ends the squatter's registration", async () => {
      await register(t.app, { ...alice, password: "Squatter-Pass-1" });
      const hers = await register(t.app);
      const token = await tokenMailedTo(t.db, alice.email, "verify-email");
      const verified = await verifyEmail(t.app, { token }, cookiesFrom(hers));
      expect(verified.json()).toMatchObject({ user: { isVerified: true } });
      expect((await login(t.app, { email: alice.email, password: "Squatter-Pass-1" })).statusCode).toBe(401);
      expect((await login(t.app)).statusCode).toBe(200);
    });
  });
});
