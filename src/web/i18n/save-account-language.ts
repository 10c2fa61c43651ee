import { apiRoute, request } from "../lib/api-client";
import type { SessionUser } from "../lib/session";

// Loaded on demand by remember-language.ts (its own chunk): the account's language, saved with its
// current names, through the typed client.

export async function saveAccountLanguage(user: SessionUser, language: string) {
  const answer = await request(apiRoute("accounts.updateProfile", "PATCH", "/api/v1/auth/update-profile"), {
    body: { firstname: user.firstname, lastname: user.lastname, language },
  });
  return answer.user;
}
