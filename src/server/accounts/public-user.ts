import type { PublicUser } from "../../domain/accounts/user";
import { users } from "../db/schema";

/** The columns of a user that may leave the server; select these, never the whole row of a join. */
export const publicUserColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  role: users.role,
  isVerified: users.isVerified,
  language: users.language,
};

export function toPublicUser(row: PublicUser): PublicUser {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    role: row.role,
    isVerified: row.isVerified,
    language: row.language,
  };
}
