import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogueTypesFile, catalogueTypesSource } from "./i18n-types";

describe("the catalogue types the type check reads", () => {
  it("list every catalogue file of every language as it is (else run npm run i18n:types)", () => {
    expect(readFileSync(catalogueTypesFile, "utf8")).toBe(catalogueTypesSource());
  });
});
