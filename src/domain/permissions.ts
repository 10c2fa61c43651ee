import type { UserRole } from "./accounts/user";

// Who may do what: one table, read by the server's guards and by the web app's menus. Default deny: an
// action a role is not listed for is refused. The web app's hiding of links is convenience only.

export const actions = [
  "report:submit",
  "report:read-own",
  "report:review",
  "media:read-any",
  "users:list",
  "roles:change",
  "audit:read",
  "correction:review",
  /**
   * Read the corrections queue: moderators and admins, who decide on corrections, and editors,
   * who start a data desk change from a state's or school's correction. Only correction:review decides.
   */
  "correction:read",
  /** The data desk: propose a change to a record; publish or reject another editor's. */
  "data:propose",
  "data:publish",
] as const;
export type Action = (typeof actions)[number];

const grants: Record<UserRole, readonly Action[]> = {
  user: ["report:submit", "report:read-own"],
  moderator: [
    "report:submit",
    "report:read-own",
    "report:review",
    "media:read-any",
    "users:list",
    "correction:review",
    "correction:read",
  ],
  editor: ["report:submit", "report:read-own", "correction:read", "data:propose", "data:publish"],
  admin: [
    "report:submit",
    "report:read-own",
    "report:review",
    "media:read-any",
    "users:list",
    "roles:change",
    "audit:read",
    "correction:review",
    "correction:read",
    "data:propose",
    "data:publish",
  ],
};

export function can(role: UserRole | null | undefined, action: Action): boolean {
  return role ? (grants[role]?.includes(action) ?? false) : false;
}

/** The roles that may perform an action (for guards that take a list). */
export function rolesAllowedTo(action: Action): UserRole[] {
  return (Object.keys(grants) as UserRole[]).filter((role) => can(role, action));
}
