import { describe, expect, it } from "vitest";
import { fieldsOf, type FieldDescription } from "../datadesk/fields";
import { tableSchemaField } from "./datapackage";
import {
  describedColumns,
  describedValues,
  openDatasets,
  schoolFields as openSchoolFields,
  type OpenField,
} from "./datasets";

// A school or state field the data desk describes with an open-data column reaches the downloads from its
// description alone: one that the written columns lack is added at the end, typed from its description.

const written: OpenField[] = [
  { name: "id", meaning: "Stable number", type: "integer", hxl: "#meta+id" },
  { name: "name", meaning: "Name of the school", type: "text", hxl: "#loc+name" },
];

const described = (field: Partial<FieldDescription> & Pick<FieldDescription, "path">): FieldDescription => ({
  kind: "school",
  type: "text",
  label: "datadesk.field.school.name",
  column: null,
  filters: false,
  translatable: false,
  rule: () => {
    throw new Error("not read");
  },
  ...field,
});

describe("open-data columns from the fields' descriptions", () => {
  const signLanguage = described({
    path: "sign_language",
    type: "choice",
    options: ["", "yes", "no"],
    column: "sign_language",
    meaning: "Whether the school has sign language interpreters: yes or no; empty when unknown",
  });
  const columns = describedColumns(written, [
    described({ path: "name", column: "name" }),
    signLanguage,
    described({ path: "email", type: "email" }),
    described({ path: "accessibility.ramps", type: "choices", column: "ramps", meaning: "Where ramps are" }),
  ]);

  it("adds a described field whose column is not written out, after the written ones, typed from its description", () => {
    expect(columns.map(({ path, field }) => [path, field.name, field.type, field.hxl])).toEqual([
      ["sign_language", "sign_language", "text", "#meta+sign_language"],
      ["accessibility.ramps", "ramps", "list of text", "#meta+ramps"],
    ]);
    expect(tableSchemaField(columns[0]!.field)).toEqual({
      name: "sign_language",
      type: "string",
      description: signLanguage.meaning,
    });
  });

  it("reads each value at its path: none is empty, texts lose e-mail addresses, lists stay lists", () => {
    expect(
      describedValues(columns, { sign_language: "yes", accessibility: { ramps: ["entrance", ""] } }),
    ).toEqual({ sign_language: "yes", ramps: ["entrance"] });
    expect(describedValues(columns, { sign_language: "" })).toEqual({ sign_language: null, ramps: null });
    expect(describedValues(columns, { sign_language: "ask info@school.ng" })).toMatchObject({
      sign_language: "ask info [at] school.ng",
    });
  });

  it("has, for every state and school field described with a column, that column in its dataset, described in words", () => {
    for (const kind of ["state", "school"] as const) {
      const fields = openDatasets[kind === "state" ? "states" : "schools"].fields;
      for (const field of fieldsOf[kind].filter((candidate) => candidate.column !== null)) {
        const open = fields.find((candidate) => candidate.name === field.column);
        expect(open?.meaning, `${kind} ${field.path}: column ${field.column}`).toMatch(/\w{3}/);
      }
    }
    // A column is only ever added at the end: the written ones keep their places.
    expect(openSchoolFields.slice(0, 3).map((field) => field.name)).toEqual(["id", "name", "state"]);
  });
});
