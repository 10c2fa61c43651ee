import { describe, expect, it } from "vitest";
import { editableKinds, editablePaths, fieldAt } from "../../../domain/datadesk/fields";
import { documentPaths } from "./DocumentSelect";

describe("documentPaths", () => {
  it("names every field whose value is an uploaded document's id, as fields.ts describes them", () => {
    const described = editableKinds.flatMap((kind) =>
      editablePaths(kind).filter((path) => fieldAt(kind, path)?.type === "document"),
    );
    expect(described.length).toBeGreaterThan(0);
    expect([...documentPaths].sort()).toEqual([...new Set(described)].sort());
  });
});
