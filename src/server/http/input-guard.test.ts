import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bearer, buildTestApp, emptyTables, type AccountsTestApp } from "../../test/server/accounts";
import type { DatabaseHandle } from "../db/database";
import { fieldParts, multipart } from "../../test/server/reports";
import { people, signedInAs } from "../../test/server/roles";
import { openTestDatabase, testDatabaseKinds } from "../../test/server/databases";
import {
  findForbiddenCharacter,
  invalidCharacterMessage,
  MAX_NESTING,
  TOO_DEEP,
  tooDeepMessage,
} from "./input-guard";

// No input gives a 500: a NUL (PostgreSQL text refuses it) or an unpaired surrogate (jsonb refuses it),
// in any string of a body, query or route parameter, is a 400 naming the field, checked in one place.

describe("finding forbidden characters", () => {
  it("names the first field that holds a NUL or an unpaired surrogate, at any depth", () => {
    expect(findForbiddenCharacter({ email: "a\u0000b" }, "")).toBe("email");
    expect(findForbiddenCharacter({ a: { b: ["fine", "x\uD800"] } }, "")).toBe("a.b[1]");
    expect(findForbiddenCharacter({ note: "low \uDC00 alone" }, "")).toBe("note");
    expect(findForbiddenCharacter({ note: "a pair 😀 is fine, and é, and 中文" }, "")).toBeNull();
    expect(findForbiddenCharacter({ count: 3, flag: true, none: null }, "")).toBeNull();
  });

  it("looks at a key before its value, in document order, and at keys themselves", () => {
    expect(findForbiddenCharacter({ first: ["\u0000"], second: "\u0000" }, "")).toBe("first[0]");
    expect(findForbiddenCharacter({ "bad\u0000key": "fine" }, "")).toBe("bad\u0000key");
  });

  it("says a value nested deeper than it reads is too deep, without exhausting the stack", () => {
    const nested = (depth: number): unknown => {
      let value: unknown = "fine";
      for (let level = 0; level < depth; level += 1) value = [value];
      return value;
    };
    expect(findForbiddenCharacter(nested(MAX_NESTING), "")).toBeNull();
    expect(findForbiddenCharacter(nested(MAX_NESTING + 1), "")).toBe(TOO_DEEP);
    expect(findForbiddenCharacter(nested(200_000), "")).toBe(TOO_DEEP);
  });
});

describe.each(testDatabaseKinds())("requests with forbidden characters on %s", (kind) => {
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

  const refused = (field: string) => ({
    success: false,
    message: invalidCharacterMessage(field),
    code: "VALIDATION_FAILED",
    field,
    problem: { key: "request.fieldInvalid", params: { field } },
  });

  it("answers 400 naming the field for a NUL in the sign-in e-mail (a 500 before)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { email: "ada\u0000@example.org", password: "Whatever-1!" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused("email"));
  });

  it("answers 400, not 500, to a sign-in body of a hundred thousand nested arrays", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { "content-type": "application/json" },
      payload: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      message: tooDeepMessage,
      code: "VALIDATION_FAILED",
      problem: { key: "code.VALIDATION_FAILED", params: {} },
    });
  });

  it("answers 400 for ?search=%00 on the user list (a 500 before), and for an unpaired surrogate", async () => {
    const admin = await signedInAs(t, "admin", people.admin);
    for (const search of ["%00", "%ED%A0%80", "ab%00cd"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/roles/users?search=${search}`,
        headers: bearer(admin),
      });
      if (search === "%ED%A0%80") {
        // Not valid UTF-8: decoded as a replacement character, which is harmless text.
        expect(response.statusCode).toBe(200);
        continue;
      }
      expect(response.statusCode, search).toBe(400);
      expect(response.json()).toEqual(refused("search"));
    }
  });

  it("answers 400 for a NUL in a route parameter and in a report's form field", async () => {
    const admin = await signedInAs(t, "admin", people.admin);
    const param = await t.app.inject({
      method: "GET",
      url: "/api/v1/auth/verify-email/abcdefghijkl%00mnop/registration",
    });
    expect(param.statusCode).toBe(400);
    expect(param.json()).toEqual(refused("token"));

    const body = multipart(fieldParts({ comment: "A ramp\u0000 is missing at the entrance of the school." }));
    const report = await t.app.inject({
      method: "POST",
      url: "/api/v1/eyewitness",
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin) },
    });
    expect(report.statusCode).toBe(400);
    expect(report.json()).toEqual(refused("comment"));
  });

  it("answers 400 for an unpaired surrogate in a JSON body (escaped, as JSON allows)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload:
        '{"email":"ada@example.org","password":"Tangerine_Bicycle_84","firstname":"Ada\\ud800","lastname":"Obi"}',
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused("firstname"));
  });
});
