import { describe, expect, it } from "vitest";
import { z } from "zod";
import en from "../../i18n/catalogues/en/datadesk.json" with { type: "json" };
import { editableFields, editableKinds, fieldInput, fieldsOf } from "../datadesk/fields";
import { changeProposalSchema, editFieldsSchema } from "./datadesk";

const messages: Record<string, string> = en;

/** A schema as the OpenAPI document shows it, without its description (compared apart). */
function shown(schema: z.core.$ZodType) {
  const { description, ...rest } = z.toJSONSchema(schema, { io: "input" }) as Record<string, unknown>;
  return { description, rest };
}

describe("the API's schema of an edit", () => {
  it("gives every path a kind's edit form shows the type of its field's description, its label and what its rule takes", () => {
    for (const kind of editableKinds) {
      const properties = editFieldsSchema(kind).shape as Record<string, z.ZodOptional>;
      const paths = editableFields(kind);
      expect(Object.keys(properties), kind).toEqual(paths.map(({ path }) => path));
      for (const { path, field, language } of paths) {
        const property = properties[path];
        expect(property, `${kind} ${path}`).toBeInstanceOf(z.ZodOptional);
        if (!property) continue;
        const input = fieldInput(field);
        expect(shown(property.unwrap()).rest, `${kind} ${path}`).toEqual(shown(input).rest);
        const label = messages[field.label.slice("datadesk.".length)] ?? "";
        expect(property.description, `${kind} ${path}`).toBe(
          `${language === null ? label : `${label} (${language})`}. ${input.description}`,
        );
      }
    }
  });

  it("types a choice as its options and a year as a whole number or null, and refuses a path no field describes", () => {
    const state = editFieldsSchema("state");
    const status = fieldsOf.state.find((field) => field.path === "status");
    expect(shown(state.shape.status.unwrap()).rest).toMatchObject({ enum: status?.options });
    expect(
      state.safeParse({ status: "Pending", "law.year": 2019, "translations.ha.desc": "Jihar" }).success,
    ).toBe(true);
    expect(state.safeParse({ "law.year": "2019" }).success).toBe(false);
    expect(state.safeParse({ status: "Repealed" }).success).toBe(false);
    const unknown = state.safeParse({ name: "Kano" });
    expect(unknown.error?.issues).toMatchObject([{ code: "unrecognized_keys", keys: ["name"] }]);
  });

  it("takes in a proposal the fields of its kind's records only", () => {
    const proposal = (kind: string, fields: Record<string, unknown>) =>
      changeProposalSchema.safeParse({
        kind,
        recordId: "20",
        changeKind: "edit",
        fields,
        sourceUrl: "https://example.org/law",
        note: "The law's year.",
      }).success;
    expect(proposal("state", { "law.year": 2019 })).toBe(true);
    expect(proposal("school", { "law.year": 2019 })).toBe(false);
    expect(proposal("school", { phone: "0803 123 4567" })).toBe(true);
    expect(proposal("state", { phone: "0803 123 4567" })).toBe(false);
    expect(proposal("planet", {})).toBe(false);
  });
});
