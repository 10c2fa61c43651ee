import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { publicUserSchema } from "../../domain/api/shared";
import { deskProblemKeyPattern } from "../../domain/api/problems";
import {
  boardingKinds,
  disabilityGroups,
  ownershipKinds,
  policyStatuses,
  schoolTypes,
} from "../../domain/datasets/vocabulary";
import { zones } from "../../domain/datasets/zones";
import { stateSlugs } from "../../domain/api/opendata";
import { commentTypes } from "../../domain/reports/report-rules";
import { editableKinds, editablePaths, schoolFields, type EditableKind } from "../../domain/datadesk/fields";
import { schoolFilterParameterOf } from "../../domain/school-results-query";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import { testClock, testConfig, testPasswordHashing } from "../../test/server/accounts";
import { buildApp } from "../app";
import type { DatabaseHandle } from "../db/database";
import { openTestDatabase } from "../../test/server/databases";
import { siteLanguages } from "../i18n/server-messages";
import { isDocumentedPath, withoutTrailingSlash } from "./document";
import { useContractCompilers } from "./route-schema";

// The contract, checked end to end: every route the server registers declares its schemas (but the web
// app's pages), the published document is valid OpenAPI 3.1 and names every API route and status, and
// the reference page works under its own CSP.

/** Routes without a schema, each with its reason. */
const withoutSchema: Record<string, string> = {
  "/*": "the web app's pages, data files and assets, rendered by the server or served from the build (HTML and files, not the API)",
  "/published/states.json":
    "the states' full records the home page loads when a state is chosen (the web app's, not the API)",
  "/published/schools.json":
    "the schools' list the directory loads when it opens (the web app's, not the API)",
  "/eyewitness-reports/:id": "a published report's page: the web app's HTML, rendered by the server",
  ...Object.fromEntries(
    siteLanguages()
      .filter((code) => code !== DEFAULT_LANGUAGE)
      .map((code) => [`/${code}/eyewitness-reports/:id`, "the same page, under a language's prefix"]),
  ),
  "/social/states/:file": "a state's social card, the PNG its pages name as og:image (the web app's)",
  ...Object.fromEntries(
    siteLanguages()
      .filter((code) => code !== DEFAULT_LANGUAGE)
      .map((code) => [`/${code}/social/states/:file`, "the same card, in a language"]),
  ),
  "/sitemap.xml": "the public pages in every language, for search engines (the web app's, XML)",
  "/robots.txt": "what crawlers may read, naming the sitemap at the site's address (the web app's)",
};

let database: DatabaseHandle;
let app: FastifyInstance;
let buildDir: string;
let uploadsDir: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  database = await openTestDatabase("pglite");
  buildDir = await mkdtemp(path.join(tmpdir(), "ia-openapi-web-"));
  uploadsDir = await mkdtemp(path.join(tmpdir(), "ia-openapi-uploads-"));
  // A build's shape (client/ and server/index.js): this test lists routes and renders no page.
  await mkdir(path.join(buildDir, "client", "assets"), { recursive: true });
  await mkdir(path.join(buildDir, "server"), { recursive: true });
  await writeFile(path.join(buildDir, "server", "index.js"), "export {};");
  const clock = testClock();
  app = await buildApp({
    config: testConfig({ uploadsDir, webBuildDir: path.join(buildDir, "client") }),
    database,
    serveWeb: true,
    accounts: {
      clock: clock.now,
      passwordHashing: testPasswordHashing,
      sameAnswerTimeMs: 0,
    },
    onRoute: (route) => routes.push(route),
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  await rm(buildDir, { recursive: true, force: true });
  await rm(uploadsDir, { recursive: true, force: true });
});

const methodsOf = (route: RouteOptions) => [route.method].flat().map((method) => method.toLowerCase());
/** Fastify's `/eyewitness/:id/review` → OpenAPI's `/eyewitness/{id}/review`, without a trailing slash. */
const openApiPath = (url: string) => withoutTrailingSlash(url).replace(/:(\w+)/g, "{$1}");

async function openApiDocument(): Promise<OpenAPIV3_1.Document> {
  const response = await app.inject({ method: "GET", url: "/api/v1/openapi.json" });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  return response.json<OpenAPIV3_1.Document>();
}

describe("every route declares its contract", () => {
  it("has a schema with its answers, but the web app's pages (listed with their reason)", () => {
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes
      .filter((route) => !(route.url in withoutSchema))
      .filter((route) => {
        const response = route.schema?.response as Record<string, unknown> | undefined;
        return !response || Object.keys(response).length === 0;
      })
      .map((route) => `${[route.method].flat().join(",")} ${route.url}`);
    expect(missing).toEqual([]);
    // A reason that no longer applies is dropped too.
    for (const url of Object.keys(withoutSchema))
      expect(routes.some((route) => route.url === url)).toBe(true);
  });

  it("declares the params of every route whose path has some", () => {
    const withoutParams = routes
      .filter((route) => !(route.url in withoutSchema))
      .filter((route) => route.url.includes(":") && !route.schema?.params)
      .map((route) => route.url);
    expect(withoutParams).toEqual([]);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("names every API route with every status it declares, and nothing that is not the API", async () => {
    const document = await openApiDocument();
    const paths = document.paths ?? {};
    const documented = routes.filter((route) => isDocumentedPath(route.url) && route.schema?.hide !== true);
    expect(documented.length).toBeGreaterThan(20);
    for (const route of documented) {
      for (const method of methodsOf(route)) {
        if (method === "head") continue; // Fastify's twin of each GET
        const operation = paths[openApiPath(route.url)]?.[method as OpenAPIV3_1.HttpMethods];
        expect(operation, `${method} ${route.url}`).toBeDefined();
        const statuses = Object.keys(route.schema?.response as Record<string, unknown>);
        expect(Object.keys(operation?.responses ?? {}).sort(), `${method} ${route.url}`).toEqual(
          statuses.sort(),
        );
      }
    }
    expect(
      Object.keys(paths).every(
        (key) => key.startsWith("/api/") || key.startsWith("/media/") || key.startsWith("/documents/"),
      ),
    ).toBe(true);
    expect(paths["/api/v1/*"]).toBeUndefined();
  });

  it("describes the bearer token and which operations need it", async () => {
    const document = await openApiDocument();
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(document.paths?.["/api/v1/roles/users"]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths?.["/api/v1/auth/login"]?.post?.security).toBeUndefined();
  });

  it("documents the report form as multipart, and the failure shape with its closed list of codes", async () => {
    const document = await openApiDocument();
    const submit = document.paths?.["/api/v1/eyewitness"]?.post;
    expect(Object.keys((submit?.requestBody as OpenAPIV3_1.RequestBodyObject).content)).toEqual([
      "multipart/form-data",
    ]);
    const failure = document.components?.schemas?.Failure as OpenAPIV3_1.SchemaObject;
    expect(failure.required).toEqual(["success", "message", "code", "problem"]);
    expect((failure.properties?.code as OpenAPIV3_1.SchemaObject).enum).toContain("EMAIL_NOT_VERIFIED");
    // The problem's key is one of the closed list the web app translates, or a data desk sentence's id
    // (by its pattern), both shown in the document.
    const problem = document.components?.schemas?.Problem as OpenAPIV3_1.SchemaObject;
    const [listed, desk] = (problem.properties?.key as OpenAPIV3_1.SchemaObject)
      .anyOf as OpenAPIV3_1.SchemaObject[];
    expect(listed?.enum).toContain("account.tooManyAttempts");
    expect(desk?.pattern).toBe(deskProblemKeyPattern.source);
  });
});

describe("query parameters, in the document", () => {
  /** The parameters of an operation in the query, by name. */
  const queryParameters = async (path: string) => {
    const document = await openApiDocument();
    const parameters = (document.paths?.[path]?.get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    return Object.fromEntries(
      parameters
        .filter((parameter) => parameter.in === "query")
        .map((parameter) => [parameter.name, parameter.schema as OpenAPIV3_1.SchemaObject]),
    );
  };

  it("shows a page as a whole number of 1 or more and its size with its range and default", async () => {
    const { page, per_page } = await queryParameters("/api/v1/roles/users");
    expect(page).toMatchObject({ type: "integer", minimum: 1, default: 1 });
    expect(per_page).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 50 });
  });

  it("shows a status filter as its values, a search with its length and a yes-or-no as a boolean", async () => {
    expect((await queryParameters("/api/v1/eyewitness/reviews")).status).toMatchObject({
      type: "string",
      enum: ["pending", "verified", "rejected"],
      default: "pending",
    });
    expect((await queryParameters("/api/v1/roles/users")).search).toMatchObject({
      type: "string",
      maxLength: 200,
    });
    expect((await queryParameters("/api/v1/open/{file}")).hxl).toMatchObject({ type: "boolean" });
  });

  it("shows the downloads' filters with their values", async () => {
    const query = await queryParameters("/api/v1/open/{file}");
    expect(query.state?.anyOf).toEqual([
      { type: "string", enum: stateSlugs },
      { type: "integer", minimum: 1, maximum: 37 },
    ]);
    expect(query.zone).toMatchObject({ type: "string", enum: [...zones] });
    // Repeated for several statuses.
    expect(query.status).toMatchObject({
      type: "array",
      items: {
        type: "string",
        enum: ["passed", "awaiting-assent", "second-reading", "pending", "no-law-yet"],
      },
    });
    expect(query.type).toMatchObject({ type: "string", enum: [...commentTypes, ...schoolTypes] });
    expect(query.group).toMatchObject({ type: "string", enum: [...disabilityGroups] });
    expect(query.boarding).toMatchObject({ type: "string", enum: [...boardingKinds] });
    expect(query.ownership).toMatchObject({ type: "string", enum: [...ownershipKinds] });
    expect(query.name).toMatchObject({ type: "string", maxLength: 60 });
    expect(query.lga).toMatchObject({ type: "string" });
    for (const day of [query.from, query.to]) expect(day).toMatchObject({ type: "string", format: "date" });
    expect(query.version).toMatchObject({ type: "integer", minimum: 1 });
    expect(query.per_page).toMatchObject({ type: "integer", minimum: 1, maximum: 1000 });
  });

  it("shows the data desk's searches and pages as their kinds and whole numbers", async () => {
    const records = await queryParameters("/api/v1/datadesk/records");
    expect(records.kind).toMatchObject({ type: "string", enum: [...editableKinds], default: "state" });
    expect(records.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 500, default: 50 });
    expect(records.q).toMatchObject({ type: "string" });
    const rows = await queryParameters("/api/v1/datadesk/changes/{id}/import-rows");
    expect(rows.page).toMatchObject({ type: "integer", minimum: 1, default: 1 });
    expect(rows.per_page).toMatchObject({ type: "integer", minimum: 1, maximum: 200, default: 50 });
    const document = await openApiDocument();
    const importParameters = (document.paths?.["/api/v1/datadesk/imports"]?.post?.parameters ??
      []) as OpenAPIV3_1.ParameterObject[];
    const dryRun = importParameters.find((parameter) => parameter.name === "dryRun");
    expect(dryRun?.schema).toMatchObject({ type: "boolean", default: false });
    expect(importParameters.find((parameter) => parameter.name === "per_page")?.schema).toMatchObject({
      type: "integer",
      maximum: 200,
    });
  });

  it("shows a media link's parts as a signature and whole numbers, and the photo's size as a number", async () => {
    const query = await queryParameters("/media/{id}");
    expect(query.sig).toMatchObject({ type: "string", pattern: "^[A-Za-z0-9_-]{43}$" });
    expect(query.exp).toMatchObject({ type: "integer", minimum: 0 });
    expect(query.u).toMatchObject({ type: "integer", minimum: 0 });
    expect(query.as).toMatchObject({ type: "string", enum: ["public"] });
    expect(query.w).toMatchObject({ type: "integer", minimum: 1, maximum: 99_999 });
  });
});

/** The `fields` of the data desk's proposal of a change to a record of `kind`, as the document types them. */
function proposalFieldsOf(document: OpenAPIV3_1.Document, kind: EditableKind): OpenAPIV3_1.SchemaObject {
  const proposal = document.components?.schemas?.DataChangeProposal as OpenAPIV3_1.SchemaObject;
  const variants = (proposal.oneOf ?? proposal.anyOf ?? []) as OpenAPIV3_1.SchemaObject[];
  const ofKind = variants.find(
    (variant) => (variant.properties?.kind as OpenAPIV3_1.SchemaObject)?.const === kind,
  );
  return (ofKind?.properties?.fields ?? {}) as OpenAPIV3_1.SchemaObject;
}

/** A property's types, a nullable one's `null` included (`anyOf` of a type and null, or a list of types). */
function typesOf(schema: OpenAPIV3_1.SchemaObject | undefined): string[] {
  const variants = (schema?.anyOf ?? [schema]) as (OpenAPIV3_1.SchemaObject | undefined)[];
  return variants.flatMap((variant) =>
    Array.isArray(variant?.type) ? variant.type : variant?.type ? [variant.type] : [],
  );
}

describe("the fields the data desk describes, in the document", () => {
  it("types each path of a state's edit from its field, and allows no other path", async () => {
    const document = await openApiDocument();
    const fields = proposalFieldsOf(document, "state");
    expect(fields.additionalProperties).toBe(false);
    expect(fields.required ?? []).toEqual([]);
    const property = (path: string) => fields.properties?.[path] as OpenAPIV3_1.SchemaObject | undefined;
    expect(property("status")?.enum).toEqual([...policyStatuses]);
    expect(property("status")?.description).toMatch(/^Law status\. /);
    expect(typesOf(property("law.year"))).toEqual(["integer", "null"]);
    expect(property("law.year")?.description).toContain("Year passed");
    expect(property("key_findings")).toMatchObject({ type: "array", items: { type: "string" } });
    expect(property("phone")).toMatchObject({ type: "array", items: { type: "string" } });
    expect(property("translations.ha.desc")).toMatchObject({ type: "string" });
    expect(property("name")).toBeUndefined();
    expect(Object.keys(fields.properties ?? {})).toEqual(editablePaths("state"));
    // A school's phone is one number, as its rule takes it.
    expect(proposalFieldsOf(document, "school").properties?.phone).toMatchObject({ type: "string" });
  });

  it("names each school field as a field an edit may change, and each filtering one as a parameter of the schools download", async () => {
    const document = await openApiDocument();
    const schoolPaths = Object.keys(proposalFieldsOf(document, "school").properties ?? {});
    expect(schoolPaths).toEqual(editablePaths("school"));
    expect(schoolPaths).toEqual(expect.arrayContaining(schoolFields.map((field) => field.path)));

    const download = document.paths?.["/api/v1/open/{file}"]?.get;
    const parameters = (download?.parameters as OpenAPIV3_1.ParameterObject[]).map(
      (parameter) => parameter.name,
    );
    for (const field of schoolFields.filter((candidate) => candidate.filters)) {
      expect(parameters, `${field.path} filters schools.csv`).toContain(schoolFilterParameterOf[field.path]);
    }
  });
});

describe("GET /api/docs", () => {
  it("is a page made from the document, with its style allowed by hash and no script at all", async () => {
    const response = await app.inject({ method: "GET", url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<main id="main"/);
    expect(html).toContain('<h2 id="tag-accounts">Accounts</h2>');
    expect(html).toContain("<code>/api/v1/auth/register</code>");
    // The failure shape once, then each status by its name.
    expect(html).toContain('<h2 id="failures">Failures</h2>');
    expect(html).toContain("<dt>400 Bad Request</dt>");
    expect(html).not.toContain("Default Response");
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain(`style-src 'sha256-${hash}'`);
    expect(policy).toContain("default-src 'none'");
  });
});

describe("answers are serialised through their schema", () => {
  it("drops any key the schema does not list, so a password hash cannot leave by accident", async () => {
    const tiny = Fastify();
    useContractCompilers(tiny);
    tiny.get(
      "/me",
      { schema: { response: { 200: z.object({ success: z.literal(true), user: publicUserSchema }) } } },
      async () => ({
        success: true,
        user: {
          id: 7,
          firstname: "Ada",
          lastname: "Obi",
          email: "ada@example.org",
          role: "user",
          isVerified: true,
          language: "yo",
          passwordHash: "$argon2id$v=19$secret",
        },
        token: "not listed either",
      }),
    );
    const response = await tiny.inject({ method: "GET", url: "/me" });
    await tiny.close();
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("argon2id");
    expect(response.json()).toEqual({
      success: true,
      user: {
        id: 7,
        firstname: "Ada",
        lastname: "Obi",
        email: "ada@example.org",
        role: "user",
        isVerified: true,
        language: "yo",
      },
    });
  });
});
