import { type PublicUser, type UserRole, userRoles } from "../../../domain/accounts/user";
import type { Translate } from "../../i18n";

// How roles and people are named in the role administration page's labels (its sentences are in the
// catalogue: roles).

const isKnownRole = (role: string): role is UserRole => (userRoles as readonly string[]).includes(role);

/** A role as people read it; a role this app does not know yet is shown as the server names it. */
export function roleLabel(t: Translate, role: string): string {
  return isKnownRole(role) ? t(`roles.role.${role}`) : role;
}

/** The person's name for labels ("Role of Ada Obi"); the e-mail address when both names are empty. */
export function personName(user: Pick<PublicUser, "firstname" | "lastname" | "email">): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}
