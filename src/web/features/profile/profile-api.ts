import type { UserAnswer } from "../../../domain/api/accounts";
import type { ProfileChange } from "../../../domain/accounts/schemas";
import { apiRoute, request } from "../../lib/api-client";

// PATCH /auth/update-profile (docs/api.md) with the signed-in user's token. A 401 is handled by the API
// client (it signs out and says 'Unauthorized! Logging Out...').

export type { UserAnswer as ProfileAnswer } from "../../../domain/api/accounts";

const updateProfileRoute = apiRoute("accounts.updateProfile", "PATCH", "/api/v1/auth/update-profile");

/** The names, and the language of the account's e-mails when given. */
export function updateProfile(change: ProfileChange): Promise<UserAnswer> {
  return request(updateProfileRoute, { body: change });
}
