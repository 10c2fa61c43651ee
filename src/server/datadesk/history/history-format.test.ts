import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { publishedChangesAnswerSchema, recordHistoryAnswerSchema } from "../../../domain/api/history";
import { HISTORY_FORMAT_VERSION } from "./routes";

// The history's ETags are made without reading the answer (the data's generation, the query and the
// format version), so a client holding a copy of an older shape would be told 304 and keep it until the
// next publication. The format version must rise with the shape: each version is pinned to its shape.

/** The shape of the answers each format version gave: add a line when the shape changes. */
const shapes: Record<number, string> = {
  2: "9ed7286ad36993f9",
  // A source's title, publisher and day read; a document's publisher and date.
  3: "126599dd9ccf3b8d",
};

/** The answers' JSON Schemas without their descriptions: what a client's parser sees. */
function shapeOfAnswers(): string {
  const schemas = [publishedChangesAnswerSchema, recordHistoryAnswerSchema].map((schema) =>
    z.toJSONSchema(schema),
  );
  const text = JSON.stringify(schemas, (key, value: unknown) => (key === "description" ? undefined : value));
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

describe("the history answers' format version", () => {
  it("is raised whenever the answers' shape changes", () => {
    expect(Math.max(...Object.keys(shapes).map(Number)), "the latest pinned shape's version").toBe(
      HISTORY_FORMAT_VERSION,
    );
    expect(shapeOfAnswers(), `the shape of version ${HISTORY_FORMAT_VERSION}: raise it`).toBe(
      shapes[HISTORY_FORMAT_VERSION],
    );
  });
});
