import type { PublicUser } from "../../../domain/accounts/user";

// The words of the role administration page: the spec's messages to the letter (§2, §8), and how roles and
// people are named in labels.

export const userRolesMessages = {
  accessDenied: "Access Denied - You don't have permission to access this page.",
  loadFailed: "Failed to load user data",
  updateFailed: "Failed to update user role",
  updated: "User role updated successfully",
  noPermission: "No permission",
  ownRole: "You cannot change your own role",
  loading: "Loading users…",
} as const;

const roleLabels: Record<string, string> = { user: "User", moderator: "Moderator", admin: "Admin" };

/** A role as people read it; a role this app does not know yet is shown as the server names it. */
export function roleLabel(role: string): string {
  return roleLabels[role] ?? role;
}

/** The person's name for labels ("Role of Ada Obi"); the e-mail address when both names are empty. */
export function personName(user: Pick<PublicUser, "firstname" | "lastname" | "email">): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}
