import type { SignedInAnswer } from "../../../domain/api/accounts";
import { ApiError } from "../../lib/api-client";
import { authApi, type VerificationLink } from "./auth-api";

// Opening a verification link reads it (GET, which never uses it) and, only in the browser that
// registered, uses it at once (POST with the token alone). A link works once, and React may run the
// page's effect twice (StrictMode in development, a remount), so this is done once per token and its
// outcome shared: a second call must never turn a success into "this link has already been used".
//
// The spec makes "a direct second attempt as a fallback on failure". Only the read is retried, and only
// when no answer came (the connection dropped): a 400 is final, and retrying a use could only say "used".

export type LinkOpening =
  | { kind: "signed-in"; answer: SignedInAnswer }
  /** Another browser: the page asks the person to confirm (registration password, or a new one). */
  | { kind: "confirm"; link: VerificationLink };

const openings = new Map<string, Promise<LinkOpening>>();

export function openVerificationLinkOnce(token: string): Promise<LinkOpening> {
  let opening = openings.get(token);
  if (!opening) {
    opening = readLink(token).then(async (link): Promise<LinkOpening> => {
      if (!link.sameBrowser) return { kind: "confirm", link };
      try {
        return { kind: "signed-in", answer: await authApi.verifyEmail({ token }) };
      } catch (error) {
        // The registration cookie ended meanwhile: this browser is now "another" one.
        if (error instanceof ApiError && error.code === "VALIDATION_FAILED") return { kind: "confirm", link };
        throw error;
      }
    });
    openings.set(token, opening);
  }
  return opening;
}

function readLink(token: string): Promise<VerificationLink> {
  return authApi.verificationLink(token).catch((error: unknown) => {
    if (error instanceof ApiError && error.status !== 0) throw error;
    return authApi.verificationLink(token);
  });
}

/** Forgets every opening: for tests, which reuse tokens across cases. */
export function forgetVerificationAttempts(): void {
  openings.clear();
}
