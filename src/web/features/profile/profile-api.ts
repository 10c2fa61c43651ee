import type { PublicUser } from "../../../domain/accounts/user";
import { ApiError, apiRequest } from "../../lib/api-client";

// PATCH /auth/update-profile (DESIGN §5) with the signed-in user's token. A 401 is handled by the API
// client (it signs out and says 'Unauthorized! Logging Out...').

export interface ProfileAnswer {
  success: boolean;
  message?: string;
  user: PublicUser;
}

export function updateProfile(change: { firstname: string; lastname: string }): Promise<ProfileAnswer> {
  return apiRequest<ProfileAnswer>("PATCH", "/auth/update-profile", { body: change });
}

/** The sentence the server sent with a failure, if it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { message?: unknown } | null | undefined;
  return body && typeof body.message === "string" ? body.message : null;
}
