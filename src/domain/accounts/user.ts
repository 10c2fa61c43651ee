// The account as every client sees it (docs/api.md): never a password hash, never a token hash.

// editor: keeps the data (states, schools, estimates) by proposing and reviewing changes.
export const userRoles = ["user", "moderator", "editor", "admin"] as const;
export type UserRole = (typeof userRoles)[number];

export interface PublicUser {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  role: UserRole;
  isVerified: boolean;
  /** The language of the account's e-mails (and of the site, once signed in): "en", "ha", … */
  language: string;
}
