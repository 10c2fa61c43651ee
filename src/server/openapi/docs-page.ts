import { createHash } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { OpenAPIV3_1 } from "openapi-types";
import { escapeHtml } from "../http/escape-html";

// /api/docs: the OpenAPI document as a plain page, made on the server. No script and no third-party
// file, so it works under a policy that allows nothing but its own inline style (whose hash it names).

/** The component name of the shared failure shape (src/domain/api/shared.ts). */
const FAILURE = "Failure";

type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
type Components = Record<string, Schema>;

const methods = ["get", "post", "put", "patch", "delete", "options", "head"] as const;

const style = `
:root { color-scheme: light; --ink: #1b1b1b; --muted: #4a4a4a; --line: #c9c9c9; --accent: #0b4f8a; --tint: #f3f6f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 1rem/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
a { color: var(--accent); text-underline-offset: 0.15em; }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; padding: 0.75rem 1rem; background: #fff; }
.skip:focus { left: 0.5rem; top: 0.5rem; z-index: 1; }
header { padding: 1rem 1.5rem; border-bottom: 1px solid var(--line); }
header p { margin: 0; font-weight: 700; }
.layout { display: grid; grid-template-columns: minmax(14rem, 18rem) 1fr; gap: 2rem; padding: 1.5rem; max-width: 80rem; }
nav ul { list-style: none; padding-left: 0; margin: 0; }
nav ul ul { padding-left: 1rem; font-size: 0.95rem; }
nav li { margin: 0.25rem 0; }
nav a { display: inline-block; min-height: 44px; padding: 0.6rem 0; }
nav ul ul a { min-height: 0; padding: 0.2rem 0; }
h1 { margin-top: 0; font-size: 2rem; }
h2 { margin-top: 2.5rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--ink); }
h3 { margin: 0 0 0.5rem; font-size: 1.15rem; overflow-wrap: anywhere; }
h4 { margin: 1rem 0 0.25rem; font-size: 1rem; }
article { margin: 1.25rem 0; padding: 1rem 1.25rem; border: 1px solid var(--line); border-radius: 6px; }
.method { display: inline-block; min-width: 4.5rem; font-family: ui-monospace, monospace; font-weight: 700; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.95em; background: var(--tint); padding: 0 0.2em; border-radius: 3px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 0.25rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); }
dl.answers dt { font-weight: 700; margin-top: 0.75rem; }
dl.answers dd { margin-left: 1rem; }
ul.fields { margin: 0.25rem 0; padding-left: 1.25rem; }
@media (max-width: 48rem) { .layout { grid-template-columns: 1fr; } }
`;

/** The page, and the Content-Security-Policy that lets exactly its style apply. */
export function docsPage(document: OpenAPIV3_1.Document): { html: string; policy: string } {
  const components = (document.components?.schemas ?? {}) as Components;
  const operations = listOperations(document);
  const tags = (document.tags ?? []).filter((tag) => operations.some((op) => op.tag === tag.name));

  const contents = tags
    .map(
      (tag) =>
        `<li><a href="#${anchor("tag", tag.name)}">${escapeHtml(tag.name)}</a><ul>${operations
          .filter((op) => op.tag === tag.name)
          .map((op) => `<li><a href="#${op.id}">${op.method.toUpperCase()} ${escapeHtml(op.path)}</a></li>`)
          .join("")}</ul></li>`,
    )
    .join("");

  const sections = tags
    .map((tag) => {
      const id = anchor("tag", tag.name);
      const body = operations
        .filter((op) => op.tag === tag.name)
        .map((op) => operationHtml(op, components))
        .join("");
      const description = tag.description ? `<p>${escapeHtml(tag.description)}</p>` : "";
      return `<section aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(tag.name)}</h2>${description}${body}</section>`;
    })
    .join("");

  const title = `${document.info.title} reference`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header><p>Inclusion Atlas</p></header>
<div class="layout">
<nav aria-label="Endpoints"><h2>Endpoints</h2><ul><li><a href="#failures">Failures</a></li>${contents}</ul></nav>
<main id="main" tabindex="-1">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(document.info.description ?? "")}</p>
<p>Signed-in endpoints take the header <code>Authorization: Bearer &lt;token&gt;</code>. The same reference as an
<a href="/api/v1/openapi.json">OpenAPI 3.1 document</a>, for tools.</p>
<section aria-labelledby="failures"><h2 id="failures">Failures</h2>
<p>Every failure answers with the same shape; branch on <code>code</code>, show <code>message</code>.</p>
${schemaHtml(components[FAILURE], components, 0)}</section>
${sections}
</main>
</div>
</body>
</html>
`;
  const hash = createHash("sha256").update(style).digest("base64");
  return {
    html,
    policy: `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  };
}

interface Operation {
  id: string;
  method: string;
  path: string;
  tag: string;
  operation: OpenAPIV3_1.OperationObject;
}

function listOperations(document: OpenAPIV3_1.Document): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    methods.flatMap((method) => {
      const operation = item?.[method];
      if (!operation) return [];
      const tag = operation.tags?.[0] ?? "Other";
      return [{ id: anchor(method, path), method, path, tag, operation }];
    }),
  );
}

function anchor(...parts: string[]): string {
  return parts
    .join("-")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function operationHtml({ id, method, path, operation }: Operation, components: Components): string {
  const parameters = (operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${typeOf(
          parameter.schema as Schema | undefined,
          components,
        )}</td><td>${parameter.required ? "yes" : "no"}</td><td>${escapeHtml(
          parameter.description ?? description(parameter.schema as Schema | undefined, components),
        )}</td></tr>`,
    )
    .join("");
  const parametersHtml = parameterRows
    ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">About</th></tr></thead><tbody>${parameterRows}</tbody></table>`
    : "";

  const requestBody = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const bodyHtml = requestBody
    ? Object.entries(requestBody.content)
        .map(
          ([mediaType, content]) =>
            `<h4>Body (<code>${escapeHtml(mediaType)}</code>)</h4>${schemaHtml(content.schema as Schema, components, 0)}`,
        )
        .join("")
    : "";

  const answers = Object.entries(operation.responses ?? {})
    .map(([status, response]) => {
      const answer = response as OpenAPIV3_1.ResponseObject;
      const contents = Object.entries(answer.content ?? {})
        .map(
          ([mediaType, content]) =>
            `<p class="muted"><code>${escapeHtml(mediaType)}</code></p>${schemaHtml(content.schema as Schema, components, 0)}`,
        )
        .join("");
      // Swagger's placeholder says nothing; the status's own name does.
      const about =
        answer.description === "Default Response" ? "" : `<p>${escapeHtml(answer.description)}</p>`;
      return `<dt>${escapeHtml(status)} ${escapeHtml(STATUS_CODES[status] ?? "")}</dt><dd>${about}${contents}</dd>`;
    })
    .join("");

  const security = operation.security?.length ? "<p>Needs a signed-in user (bearer token).</p>" : "";
  return `<article aria-labelledby="${id}"><h3 id="${id}"><span class="method">${method.toUpperCase()}</span> <code>${escapeHtml(
    path,
  )}</code></h3><p>${escapeHtml(operation.summary ?? "")}</p><p class="muted">${escapeHtml(
    operation.description ?? "",
  )}</p>${security}${parametersHtml}${bodyHtml}<h4>Answers</h4><dl class="answers">${answers}</dl></article>`;
}

function resolve(schema: Schema | undefined, components: Components): OpenAPIV3_1.SchemaObject | undefined {
  if (!schema) return undefined;
  if ("$ref" in schema) {
    const name = schema.$ref.split("/").pop() ?? "";
    return resolve(components[name], components);
  }
  return schema;
}

function refName(schema: Schema | undefined): string | null {
  return schema && "$ref" in schema ? (schema.$ref.split("/").pop() ?? null) : null;
}

function description(schema: Schema | undefined, components: Components): string {
  return resolve(schema, components)?.description ?? "";
}

/** A short, readable type: `string`, `integer or null`, `one of: a, b`, `list of User`. */
function typeOf(schema: Schema | undefined, components: Components): string {
  const name = refName(schema);
  if (name) return escapeHtml(name);
  const resolved = resolve(schema, components);
  if (!resolved) return "any";
  if (resolved.const !== undefined) return `<code>${escapeHtml(JSON.stringify(resolved.const))}</code>`;
  if (resolved.enum?.length === 1) return `<code>${escapeHtml(JSON.stringify(resolved.enum[0]))}</code>`;
  if (resolved.enum) {
    return `one of: ${resolved.enum.map((value) => `<code>${escapeHtml(String(value))}</code>`).join(", ")}`;
  }
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants) return variants.map((variant) => typeOf(variant as Schema, components)).join(" or ");
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  return (
    types
      .map((type) => {
        if (type === "array") {
          const items = (resolved as OpenAPIV3_1.ArraySchemaObject).items as Schema | undefined;
          return `list of ${typeOf(items, components)}`;
        }
        if (type === "string" && resolved.format) return `string (${escapeHtml(resolved.format)})`;
        return escapeHtml(type);
      })
      .join(" or ") || "any"
  );
}

/** An object's fields as a nested list (a few levels deep), otherwise its type. */
function schemaHtml(schema: Schema | undefined, components: Components, depth: number): string {
  // Every failure has one shape, described once at the top of the page.
  if (refName(schema) === FAILURE) return `<p>A <a href="#failures">failure</a>.</p>`;
  const resolved = resolve(schema, components);
  if (!resolved) return "";
  const variants = resolved.anyOf ?? resolved.oneOf;
  if (variants && depth < 4) {
    const objects = variants.filter((variant) => resolve(variant as Schema, components)?.properties);
    if (objects.length > 1) {
      return `<p>One of:</p><ul class="fields">${objects
        .map((variant) => `<li>${schemaHtml(variant as Schema, components, depth + 1)}</li>`)
        .join("")}</ul>`;
    }
  }
  const object = resolved.properties
    ? resolved
    : variants?.map((v) => resolve(v as Schema, components)).find((v) => v?.properties);
  if (!object?.properties || depth >= 4) {
    const items = (resolved as OpenAPIV3_1.ArraySchemaObject).items as Schema | undefined;
    if (resolved.type === "array" && items && depth < 4 && resolve(items, components)?.properties) {
      return `<p>A list of ${typeOf(items, components)}:</p>${schemaHtml(items, components, depth + 1)}`;
    }
    return `<p>${typeOf(schema, components)}</p>`;
  }
  const required = new Set(object.required ?? []);
  const fields = Object.entries(object.properties)
    .map(([name, property]) => {
      const field = property as Schema;
      const about = description(field, components);
      const inner = resolve(field, components);
      const nested =
        inner?.properties ||
        (inner?.type === "array" &&
          resolve((inner as OpenAPIV3_1.ArraySchemaObject).items as Schema, components)?.properties)
          ? schemaHtml(field, components, depth + 1)
          : "";
      return `<li><code>${escapeHtml(name)}</code>: ${typeOf(field, components)}${
        required.has(name) ? "" : ' <span class="muted">(optional)</span>'
      }${about ? ` — ${escapeHtml(about)}` : ""}${nested}</li>`;
    })
    .join("");
  return `<ul class="fields">${fields}</ul>`;
}
