import { describe, expect, it } from "vitest";
import { actions, can, rolesAllowedTo } from "./permissions";

describe("permissions", () => {
  it("lets only admins change roles and read the audit log", () => {
    expect(rolesAllowedTo("roles:change")).toEqual(["admin"]);
    expect(rolesAllowedTo("audit:read")).toEqual(["admin"]);
  });

  it("lets moderators and admins list users, review reports and read any media", () => {
    for (const action of ["users:list", "report:review", "media:read-any", "correction:review"] as const) {
      expect(rolesAllowedTo(action)).toEqual(["moderator", "admin"]);
    }
  });

  it("lets moderators, editors and admins read the corrections queue; only moderators and admins decide", () => {
    expect(rolesAllowedTo("correction:read")).toEqual(["moderator", "editor", "admin"]);
    expect(can("editor", "correction:review")).toBe(false);
  });

  it("lets every signed-in role submit and read its own reports", () => {
    expect(rolesAllowedTo("report:submit")).toEqual(["user", "moderator", "editor", "admin"]);
  });

  it("lets editors and admins propose, publish and reject changes to the data, and nobody else", () => {
    expect(rolesAllowedTo("data:propose")).toEqual(["editor", "admin"]);
    expect(rolesAllowedTo("data:publish")).toEqual(["editor", "admin"]);
  });

  it("lets admins do everything editors can", () => {
    for (const action of actions) {
      if (can("editor", action)) expect(can("admin", action), action).toBe(true);
    }
  });

  it("denies by default: no role, or an unknown one, may do anything", () => {
    for (const action of actions) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
      expect(can("superuser" as never, action)).toBe(false);
    }
  });
});
