import { useSyncExternalStore } from "react";

// The e-mail address that registered in this browser and still has to be verified ("the e-mail
// is remembered locally"), so Resend works after a reload or from the verification page without asking
// for it again. Prerendered HTML cannot know it: render it through usePendingVerificationEmail.

export const PENDING_VERIFICATION_KEY = "pendingVerificationEmail";

export function rememberPendingVerificationEmail(email: string): void {
  try {
    window.localStorage.setItem(PENDING_VERIFICATION_KEY, email);
  } catch {
    // storage blocked: Resend will ask for the address
  }
}

export function pendingVerificationEmail(): string | null {
  try {
    return window.localStorage.getItem(PENDING_VERIFICATION_KEY) || null;
  } catch {
    return null;
  }
}

export function forgetPendingVerificationEmail(): void {
  try {
    window.localStorage.removeItem(PENDING_VERIFICATION_KEY);
  } catch {
    // nothing stored
  }
}

const noSubscription = () => () => undefined;

/** The remembered address for rendering: null while prerendering and hydrating, then the stored one. */
export function usePendingVerificationEmail(): string | null {
  return useSyncExternalStore(noSubscription, pendingVerificationEmail, () => null);
}
