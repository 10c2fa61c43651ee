import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountMessages } from "../../domain/accounts/messages";
import { readCatalogue } from "../../i18n/catalogue-files";
import type { DatabaseHandle } from "../db/database";
import { users } from "../db/schema";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  alice,
  bearer,
  buildTestApp,
  emptyTables,
  outbox,
  PUBLIC_URL,
  register,
  signedInUser,
  type AccountsTestApp,
} from "../../test/server/accounts";

// An account's language: stored at registration, changed in the profile, returned on every
// user, and the language every e-mail to the account is written in, with links to pages in that language.

const yoruba = readCatalogue("yo", "email");
const hausa = readCatalogue("ha", "email");

describe.each(testDatabaseKinds())("an account's language on %s", (kind) => {
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

  const updateProfile = (token: string, payload: object) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/v1/auth/update-profile",
      headers: bearer(token),
      payload,
    });

  it("registering in Yoruba stores it and sends the verification e-mail in Yoruba, linking to the Yoruba page", async () => {
    const response = await register(t.app, { ...alice, language: "yo" });
    expect(response.statusCode).toBe(201);

    const [stored] = await t.db.select().from(users);
    expect(stored?.language).toBe("yo");
    const [mail] = await outbox(t.db);
    expect(mail?.subject).toBe(yoruba["verification.subject"]);
    expect(mail?.subject).toBe("Ẹ jẹ́rìí sí àdírẹ́sì e-mail yín fún Inclusion Atlas");
    expect(mail?.textBody).toContain(yoruba["verification.intro"]);
    expect(mail?.textBody).toContain(yoruba["verification.action"]);
    expect(mail?.textBody).toContain(yoruba["signature"]);
    expect(mail?.textBody).toMatch(new RegExp(`${PUBLIC_URL}/yo/verify-email/[A-Za-z0-9_-]+`));
    expect(mail?.textBody).not.toContain("Thank you for registering");
    expect(mail?.htmlBody).toContain('<html lang="yo">');
    expect(mail?.htmlBody).toContain(`href="${PUBLIC_URL}/yo/verify-email/`);
    expect(mail?.htmlBody).toContain(yoruba["verification.heading"]);
    // Written as composed characters (NFC), as mail clients and screen readers expect.
    expect(mail?.textBody).toBe(mail?.textBody.normalize("NFC"));
  });

  it("registering without a language is English, as before, and returns it on the user", async () => {
    const token = await signedInUser(t.app, t.db);
    const [mail] = await outbox(t.db);
    expect(mail?.subject).toBe("Verify your e-mail address for Inclusion Atlas");
    expect(mail?.htmlBody).toContain('<html lang="en">');
    expect(mail?.textBody).toMatch(new RegExp(`${PUBLIC_URL}/verify-email/`));
    const profile = await updateProfile(token, { firstname: "Alice", lastname: "Okafor" });
    expect(profile.json().user).toMatchObject({ language: "en" });
  });

  it("refuses a language the site does not have, naming the field", async () => {
    // A code of the right form the site does not have is the accounts' own refusal; a value of another form
    // is refused by the schema, as any field is.
    const known = { key: "account.languageInvalid", params: {} };
    const misformed = { key: "request.fieldInvalid", params: { field: "language" } };
    for (const [language, problem] of [
      ["fr", known],
      ["xx", known],
      ["EN", misformed],
      ["yoruba", misformed],
      [7, misformed],
    ] as const) {
      const response = await register(t.app, { ...alice, language });
      expect(response.statusCode, String(language)).toBe(400);
      expect(response.json(), String(language)).toEqual({
        success: false,
        message: accountMessages.languageInvalid,
        code: "VALIDATION_FAILED",
        field: "language",
        problem,
      });
    }
    expect(await t.db.select().from(users)).toEqual([]);
    expect(await outbox(t.db)).toEqual([]);
  });

  it("the profile changes the language (or keeps it when none is sent); the next e-mails follow it", async () => {
    const token = await signedInUser(t.app, t.db);

    const changed = await updateProfile(token, { firstname: "Alice", lastname: "Okafor", language: "ha" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ firstname: "Alice", language: "ha" });
    const kept = await updateProfile(token, { firstname: "Alicia", lastname: "Okafor" });
    expect(kept.json().user).toMatchObject({ firstname: "Alicia", language: "ha" });

    const refused = await updateProfile(token, { firstname: "Alice", lastname: "Okafor", language: "de" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "language" });
    const [stored] = await t.db.select().from(users);
    expect(stored?.language).toBe("ha");

    // A new-password link, asked for without being signed in, comes in the account's language.
    await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/request-password-reset",
      payload: { email: alice.email },
    });
    const reset = (await outbox(t.db)).at(-1);
    expect(reset?.subject).toBe(hausa["passwordReset.subject"]);
    expect(reset?.textBody.startsWith(`${hausa["passwordReset.heading"]}\n\nSannu Alicia,\n\n`)).toBe(true);
    expect(reset?.textBody).toMatch(new RegExp(`${PUBLIC_URL}/ha/reset-password/`));
    expect(reset?.htmlBody).toContain('<html lang="ha">');
  });

  it("someone registering with a taken address: the owner hears in the account's language, not the form's", async () => {
    const token = await signedInUser(t.app, t.db);
    await updateProfile(token, { firstname: "Alice", lastname: "Okafor", language: "ha" });

    const again = await register(t.app, { ...alice, language: "yo" });
    expect(again.statusCode).toBe(201);
    const notice = (await outbox(t.db)).at(-1);
    expect(notice?.subject).toBe(hausa["alreadyRegistered.subject"]);
    expect(notice?.textBody).toContain(`${PUBLIC_URL}/ha/login`);
    expect(notice?.textBody).toContain(`${PUBLIC_URL}/ha/reset-password/`);
    const [stored] = await t.db.select().from(users);
    expect(stored?.language).toBe("ha");
  });

  it("a second registration of an unverified address keeps each one's language and writes in its own", async () => {
    await register(t.app, { ...alice, language: "yo" });
    await register(t.app, { ...alice, language: "pcm" });
    const stored = await t.db.select({ language: users.language }).from(users).orderBy(users.id);
    expect(stored).toEqual([{ language: "yo" }, { language: "pcm" }]);
    const latest = (await outbox(t.db)).at(-1);
    expect(latest?.subject).toBe(readCatalogue("pcm", "email")["verification.subject"]);
    expect(latest?.textBody).toContain(`${PUBLIC_URL}/pcm/verify-email/`);
  });
});
