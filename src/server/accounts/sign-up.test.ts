import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import { checkPassword, passwordMessages } from "../../domain/accounts/password-policy";
import { isAmongMostCommonPasswords } from "./common-passwords";
import type { DatabaseHandle } from "../db/database";
import { auditLog, authTokens, passwords, sessions, users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import { deliverDueMail } from "../mail/outbox";
import { startSmtpPeer, tokenFromLink, type SmtpPeer } from "../../test/server/smtp-peer";
import { createSmtpTransport, type MailTransport } from "../mail/transports";
import { unreadableBodyMessage } from "../http/request-body";
import {
  alice,
  bearer,
  buildTestApp,
  emptyTables,
  login,
  outbox,
  register,
  tokenMailedTo,
  type AccountsTestApp,
  cookiesFrom,
  readVerificationLink,
  signedInUser,
  tenThousandListPassword,
  verifyEmail,
} from "../../test/server/accounts";

// Signing up: register, the verification link, and asking for a new one (docs/api.md, docs/architecture.md).

const HOUR = 60 * 60 * 1000;

describe.each(testDatabaseKinds())("signing up on %s", (kind) => {
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

  describe("register", () => {
    it("creates an unverified account and queues a verification e-mail in the same step", async () => {
      const response = await register(t.app, {
        ...alice,
        email: `  ${alice.email} `,
        firstname: " Alice ",
        role: "admin",
      });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ success: true, message: accountMessages.registered });
      const stored = await t.db.select().from(users);
      expect(stored).toEqual([
        expect.objectContaining({
          email: alice.email,
          firstname: "Alice",
          lastname: "Okafor",
          role: "user",
          isVerified: false,
        }),
      ]);
      const mails = await outbox(t.db);
      expect(mails).toEqual([
        expect.objectContaining({
          toAddress: alice.email,
          subject: "Verify your e-mail address for Inclusion Atlas",
          status: "pending",
        }),
      ]);
      expect(mails[0]?.textBody).toContain("https://atlas.example/verify-email/");
      const audit = await t.db.select().from(auditLog);
      expect(audit).toEqual([expect.objectContaining({ action: "user.registered", subjectType: "user" })]);
    });

    it("keeps the password only as an argon2id hash, in its own table", async () => {
      await register(t.app);

      const [row] = await t.db.select().from(passwords);
      expect(row?.hash).toMatch(/^\$argon2id\$/);
      expect(row?.hash).not.toContain(alice.password);
      const [user] = await t.db.select().from(users);
      expect(JSON.stringify(user)).not.toContain("argon2");
    });

    it("answers a second registration of a verified address exactly like the first, and tells its owner instead", async () => {
      const first = await register(t.app);
      const link = await tokenMailedTo(t.db, alice.email, "verify-email");
      await verifyEmail(t.app, { token: link }, cookiesFrom(first));
      const second = await register(t.app, {
        ...alice,
        email: "ALICE.OKAFOR@example.org",
        password: "Another-Secret-7",
        firstname: "Mallory",
      });

      expect(second.statusCode).toBe(first.statusCode);
      expect(second.body).toBe(first.body);
      expect(await t.db.select().from(users)).toHaveLength(1);
      const mails = await outbox(t.db);
      expect(mails.map((mail) => mail.subject)).toEqual([
        "Verify your e-mail address for Inclusion Atlas",
        "You already have an Inclusion Atlas account",
      ]);
      expect(mails[1]?.toAddress).toBe(alice.email);
      expect(mails[1]?.textBody).toContain("Hello Alice,");
      expect(mails[1]?.textBody).toContain("https://atlas.example/login");
      expect(mails[1]?.textBody).toContain("https://atlas.example/reset-password/");
      // The account still has its owner's password, not the second registrant's.
      expect((await login(t.app, { email: alice.email, password: "Another-Secret-7" })).statusCode).toBe(401);
      expect((await login(t.app)).statusCode).toBe(200);
    });

    it("asks for every field", async () => {
      for (const [body, field] of [
        [{}, "email"],
        [{ ...alice, firstname: "   " }, "firstname"],
        [{ ...alice, password: "" }, "password"],
        [{ email: alice.email }, "password"],
      ] as const) {
        const response = await register(t.app, body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: "Please fill out all fields",
          code: "VALIDATION_FAILED",
          field,
          problem: { key: "request.fieldInvalid", params: { field } },
        });
      }
      const noBody = await t.app.inject({ method: "POST", url: "/api/v1/auth/register" });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().message).toBe("Please fill out all fields");
      expect(await t.db.select().from(users)).toHaveLength(0);
    });

    it("refuses an address that is not an e-mail address", async () => {
      const response = await register(t.app, { ...alice, email: "alice at example.org" });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        message: "Please enter a valid email address",
        code: "VALIDATION_FAILED",
        field: "email",
        problem: { key: "request.fieldInvalid", params: { field: "email" } },
      });
    });

    it("says which parts of the password rule are missing", async () => {
      const response = await register(t.app, { ...alice, password: "kettledrum" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        "Your password needs an uppercase letter, a number and a special character such as ! @ # $ or %.",
      );
      const short = await register(t.app, { ...alice, password: "Ke-1" });
      expect(short.json().message).toBe("Your password needs at least 8 characters.");
    });

    it("refuses very common passwords even when they meet the rule", async () => {
      for (const password of ["Password1!", "P@ssw0rd", "Summer2024!", "Nigeria@123", "1qaz@WSX"]) {
        const response = await register(t.app, { ...alice, password });
        expect(response.statusCode, password).toBe(400);
        expect(response.json().message).toBe(passwordMessages.common);
      }
    });

    it("refuses a password only the list of the 10,000 most common has, in any case", async () => {
      // The small list and the character rules let it through; the large list alone refuses it.
      expect(checkPassword(tenThousandListPassword).valid).toBe(true);
      expect(isAmongMostCommonPasswords(tenThousandListPassword)).toBe(true);
      for (const password of [tenThousandListPassword, "sASHA_007"]) {
        const response = await register(t.app, { ...alice, password });
        expect(response.statusCode, password).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message: passwordMessages.common,
          code: "VALIDATION_FAILED",
          field: "password",
          problem: { key: "password.common", params: {} },
        });
      }
      expect(await t.db.select().from(users)).toEqual([]);
    });

    it("refuses passwords that are easy to guess, and says why", async () => {
      const cases: [object, string, string][] = [
        [{ password: "Inclusion!Atlas1" }, passwordMessages.siteName, "password.siteName"],
        [
          { email: "ada@example.test", password: "Example.test1!" },
          passwordMessages.emailAddress,
          "password.emailAddress",
        ],
        [{ password: "Aa1!aaaa" }, passwordMessages.pattern, "password.pattern"],
        [{ password: "P@$$w0rd2024" }, passwordMessages.common, "password.common"],
      ];
      for (const [change, message, key] of cases) {
        const response = await register(t.app, { ...alice, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json()).toEqual({
          success: false,
          message,
          code: "VALIDATION_FAILED",
          field: "password",
          problem: { key, params: {} },
        });
      }
      expect(await t.db.select().from(users)).toEqual([]);
    });

    it("refuses names with letters that render as nothing", async () => {
      for (const firstname of ["\u3164", "\u2800", "A\u034Flice"]) {
        const response = await register(t.app, { ...alice, firstname });
        expect(response.statusCode, JSON.stringify(firstname)).toBe(400);
        expect(response.json().message).toBe(accountMessages.nameHasControlCharacters);
      }
      expect(await t.db.select().from(users)).toEqual([]);
    });

    it("accepts long passphrases as typed, up to 256 characters", async () => {
      const passphrase = "Ọmọ ilé-ìwé mẹ́ta ń kàwé 3 ìgbà lójúmọ́, wọ́n sì ń ṣeré bọ́ọ̀lù ní pápá!";
      expect([...passphrase].length).toBeGreaterThan(64);
      expect((await register(t.app, { ...alice, password: passphrase })).statusCode).toBe(201);

      // Only the first 64 characters are scored for strength: these are hard to guess.
      const longest = `Crimson-Harbour-31-Tangerine_Bicycle_84-Kettle-Drum-42-Lantern!7${"x".repeat(192)}`;
      expect([...longest]).toHaveLength(256);
      expect(
        (await register(t.app, { ...alice, email: "b@example.org", password: longest })).statusCode,
      ).toBe(201);
      const tooLong = await register(t.app, { ...alice, email: "c@example.org", password: `${longest}x` });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe(passwordMessages.tooLong);
    });

    it("answers malformed JSON with 400 and a sentence, never 500", async () => {
      const broken = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        headers: { "content-type": "application/json" },
        payload: '{"email": "alice@example.org",',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({
        success: false,
        message: unreadableBodyMessage,
        code: "VALIDATION_FAILED",
        problem: { key: "request.bodyUnreadable", params: {} },
      });

      const notAnObject = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        headers: { "content-type": "application/json" },
        payload: '["alice@example.org"]',
      });
      expect(notAnObject.statusCode).toBe(400);
      expect(notAnObject.json().message).toBe("Please fill out all fields");

      const poisoned = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/register",
        headers: { "content-type": "application/json" },
        payload: '{"__proto__": {"role": "admin"}}',
      });
      expect(poisoned.statusCode).toBe(400);
    });

    it("refuses names that are too long", async () => {
      const response = await register(t.app, { ...alice, lastname: "O".repeat(101) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.nameTooLong);
    });

    it("takes about as long for a known address as for a new one, on every endpoint that must not tell", async () => {
      const timedApp = await buildTestApp(database, { accounts: { sameAnswerTimeMs: 150 } });
      const timed = async (url: string, payload: object) => {
        const started = performance.now();
        const response = await timedApp.app.inject({ method: "POST", url: `/api/v1/auth/${url}`, payload });
        return { status: response.statusCode, body: response.body, ms: performance.now() - started };
      };
      try {
        const pairs: [string, object, object][] = [
          ["register", alice, alice],
          ["resend-verification", { email: alice.email }, { email: "nobody@example.org" }],
          ["request-password-reset", { email: alice.email }, { email: "nobody@example.org" }],
        ];
        for (const [url, known, unknown] of pairs) {
          const a = await timed(url, known);
          const b = await timed(url, unknown);
          expect(a.status, url).toBe(b.status);
          expect(a.body, url).toBe(b.body);
          // Both branches wait for the floor; that they end together is proven on a fake clock in
          // same-answer-time.test.ts (a wall-clock difference here would fail on a busy machine).
          expect(a.ms, url).toBeGreaterThanOrEqual(145);
          expect(b.ms, url).toBeGreaterThanOrEqual(145);
        }
      } finally {
        await timedApp.app.close();
      }
    });
  });

  describe("verify-email and resend-verification", () => {
    // Another browser than the one that registered, giving the password chosen at registration.
    const verify = (token: string) => verifyEmail(t.app, { token, password: alice.password });

    it("verifies the address and signs the user in with the e-mailed link, in the browser that registered", async () => {
      const registered = await register(t.app);
      const token = await tokenMailedTo(t.db, alice.email, "verify-email");

      const read = await readVerificationLink(t.app, token, cookiesFrom(registered));
      expect(read.headers["referrer-policy"]).toBe("no-referrer");
      expect(read.headers["cache-control"]).toBe("no-store");
      expect(read.json()).toMatchObject({ sameBrowser: true, email: alice.email });
      const response = await verifyEmail(t.app, { token }, cookiesFrom(registered));

      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const body = response.json();
      expect(body).toEqual({
        success: true,
        message: accountMessages.verified,
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
      const profile = await t.app.inject({
        method: "PATCH",
        url: "/api/v1/auth/update-profile",
        headers: bearer(body.token),
        payload: { firstname: "Alice", lastname: "Okafor" },
      });
      expect(profile.statusCode).toBe(200);
      expect((await login(t.app)).statusCode).toBe(200);
    });

    it("keeps only hashes of the link and session tokens", async () => {
      await register(t.app);
      const linkToken = await tokenMailedTo(t.db, alice.email, "verify-email");
      const [stored] = await t.db.select().from(authTokens);
      expect(stored?.tokenHash).toBe(createHash("sha256").update(linkToken).digest("hex"));
      expect(JSON.stringify(stored)).not.toContain(linkToken);

      const sessionToken = (await verify(linkToken)).json().token as string;
      const tables = JSON.stringify([
        await t.db.select().from(authTokens),
        await t.db.select().from(sessions),
        await t.db.select().from(users),
      ]);
      expect(tables).not.toContain(linkToken);
      expect(tables).not.toContain(sessionToken);
    });

    it("works once: a used link is refused", async () => {
      await register(t.app);
      const token = await tokenMailedTo(t.db, alice.email, "verify-email");
      expect((await verify(token)).statusCode).toBe(200);

      const again = await verify(token);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        success: false,
        message: accountMessages.verificationLinkUsed,
        code: "LINK_INVALID",
        problem: { key: "account.verificationLinkUsed", params: {} },
      });
    });

    it("refuses a link older than 24 hours", async () => {
      await register(t.app);
      const token = await tokenMailedTo(t.db, alice.email, "verify-email");
      t.clock.advance(24 * HOUR);

      const response = await verify(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(accountMessages.verificationLinkExpired);
      expect((await login(t.app)).statusCode).toBe(403);
    });

    it("accepts a link a little under 24 hours old", async () => {
      await register(t.app);
      const token = await tokenMailedTo(t.db, alice.email, "verify-email");
      t.clock.advance(23 * HOUR);
      expect((await verify(token)).statusCode).toBe(200);
    });

    it("refuses unknown tokens, too-short tokens and tokens made for another purpose", async () => {
      await register(t.app);
      await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/request-password-reset",
        payload: { email: alice.email },
      });
      const resetToken = await tokenMailedTo(t.db, alice.email, "reset-password");

      for (const token of ["A".repeat(43), "short", resetToken]) {
        for (const response of [await verify(token), await readVerificationLink(t.app, token)]) {
          expect(response.statusCode, token).toBe(400);
          expect(response.json()).toEqual({
            success: false,
            message: accountMessages.verificationLinkInvalid,
            code: "LINK_INVALID",
            problem: { key: "account.verificationLinkInvalid", params: {} },
          });
        }
      }
    });

    it("resends a new link that replaces the old one", async () => {
      await register(t.app);
      const first = await tokenMailedTo(t.db, alice.email, "verify-email");

      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/resend-verification",
        payload: { email: "alice.okafor@EXAMPLE.org" },
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: accountMessages.verificationResent });
      const second = await tokenMailedTo(t.db, alice.email, "verify-email");
      expect(second).not.toBe(first);
      expect((await verify(first)).json().message).toBe(accountMessages.verificationLinkInvalid);
      expect((await verify(second)).statusCode).toBe(200);
      expect((await t.db.select().from(authTokens)).filter((row) => row.purpose === "verify")).toHaveLength(
        1,
      );
    });

    it("answers a resend for an unknown or already verified address the same way, and sends nothing", async () => {
      await register(t.app);
      await verify(await tokenMailedTo(t.db, alice.email, "verify-email"));
      const before = (await outbox(t.db)).length;

      const answers = await Promise.all(
        [alice.email, "nobody@example.org"].map((email) =>
          t.app.inject({ method: "POST", url: "/api/v1/auth/resend-verification", payload: { email } }),
        ),
      );

      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ success: true, message: accountMessages.verificationResent });
      }
      expect(await outbox(t.db)).toHaveLength(before);
    });

    it("asks for a valid address to resend to", async () => {
      const empty = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/resend-verification",
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe("Please provide your email address");
      const invalid = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/resend-verification",
        payload: { email: "not-an-address" },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe("Please enter a valid email address");
    });
  });

  describe("the e-mails, as a mail client receives them", () => {
    let peer: SmtpPeer;
    let transport: MailTransport;

    beforeAll(async () => {
      peer = await startSmtpPeer();
      transport = createSmtpTransport({ url: peer.url, from: "Inclusion Atlas <no-reply@atlas.example>" });
    });
    afterAll(async () => {
      transport.close();
      await peer.stop();
    });
    beforeEach(() => {
      peer.received.length = 0;
    });

    const deliver = (via = transport) => deliverDueMail({ db: t.db, transport: via, now: t.clock.now });
    const linkNamed = (html: string, label: string) =>
      new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(html)?.[1];

    it("sends a verification e-mail whose link verifies the address and signs the user in", async () => {
      const registered = await register(t.app);
      await deliver();
      const [mail] = await peer.waitForMessages(1);

      expect(mail?.subject).toBe("Verify your e-mail address for Inclusion Atlas");
      expect(mail?.from?.text).toBe('"Inclusion Atlas" <no-reply@atlas.example>');
      expect(mail?.text).toContain("Hello Alice,");
      const html = String(mail?.html);
      expect(html).toContain('<html lang="en">');
      expect(html.match(/<h1\b/g)).toHaveLength(1);
      const href = linkNamed(html, "Verify my e-mail address");
      expect(href).toMatch(/^https:\/\/atlas\.example\/verify-email\/[A-Za-z0-9_-]{43}$/);
      expect(mail?.text).toContain(href);

      const token = tokenFromLink(href ?? "", "verify-email");
      const verified = await verifyEmail(t.app, { token }, cookiesFrom(registered));
      expect(verified.statusCode).toBe(200);
      expect(verified.json().user.isVerified).toBe(true);
    });

    it("escapes what people typed in the e-mail's HTML", async () => {
      await register(t.app, { ...alice, firstname: '<b>Ada</b> & "Co"' });
      await deliver();
      const [mail] = await peer.waitForMessages(1);
      expect(String(mail?.html)).toContain("Hello &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Co&quot;,");
      expect(mail?.text).toContain('Hello <b>Ada</b> & "Co",');
    });

    it("tells an existing owner they have an account, with links to sign in and to choose a new password", async () => {
      await signedInUser(t.app, t.db);
      await register(t.app, { ...alice, password: "Someone-Else-5" });
      await deliver();
      const mails = await peer.waitForMessages(2);
      const notice = mails.find((mail) => mail.subject === "You already have an Inclusion Atlas account");
      const html = String(notice?.html);

      expect(linkNamed(html, "Sign in to Inclusion Atlas")).toBe("https://atlas.example/login");
      const resetLink = linkNamed(html, "Choose a new password") ?? "";
      const reset = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/reset-password",
        payload: { token: tokenFromLink(resetLink, "reset-password"), newPassword: "Lantern_Harbour_19" },
      });
      expect(reset.statusCode).toBe(200);
    });

    it("sends a reset e-mail whose link sets a new password, then says the password was changed", async () => {
      await signedInUser(t.app, t.db);
      await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/request-password-reset",
        payload: { email: alice.email },
      });
      await deliver();
      const mails = await peer.waitForMessages(2);
      const resetMail = mails.find((mail) => mail.subject === "Reset your Inclusion Atlas password");
      const href = linkNamed(String(resetMail?.html), "Choose a new password") ?? "";
      expect(href).toMatch(/^https:\/\/atlas\.example\/reset-password\//);

      const reset = await t.app.inject({
        method: "POST",
        url: "/api/v1/auth/reset-password",
        payload: { token: tokenFromLink(href, "reset-password"), newPassword: "Lantern_Harbour_19" },
      });
      expect(reset.statusCode).toBe(200);
      expect((await login(t.app, { email: alice.email, password: "Lantern_Harbour_19" })).statusCode).toBe(
        200,
      );

      await deliver();
      const [, , changed] = await peer.waitForMessages(3);
      expect(changed?.subject).toBe("Your Inclusion Atlas password was changed");
    });

    it("registers while the mail server is down, and the e-mail goes out once it is back", async () => {
      const down = await startSmtpPeer();
      await down.stop();
      const downTransport = createSmtpTransport({ url: down.url, from: "no-reply@atlas.example" });
      try {
        expect((await register(t.app)).statusCode).toBe(201);
        expect(await deliver(downTransport)).toEqual({ sent: 0, retrying: 1, failed: 0 });

        const back = await startSmtpPeer(down.port);
        try {
          t.clock.advance(60 * 1000);
          expect(await deliver(downTransport)).toEqual({ sent: 1, retrying: 0, failed: 0 });
          const [mail] = await back.waitForMessages(1);
          const token = tokenFromLink(mail?.text ?? "", "verify-email");
          const verified = await verifyEmail(t.app, { token, password: alice.password });
          expect(verified.statusCode).toBe(200);
        } finally {
          await back.stop();
        }
      } finally {
        downTransport.close();
      }
    });
  });
});
