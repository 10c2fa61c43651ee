import type { VerifiedAnswer } from "../../../domain/api/accounts";
import { ApiError, apiRoute, request, serverMessage } from "../../lib/api-client";

// The accounts calls of the sign-up, sign-in and recovery screens (DESIGN §5). They go without the bearer
// token: they do not need one, and a wrong password must not end a session that happens to be stored.

/**
 * The verification link's answer: signed in (the browser that registered), or asked to choose a password
 * (any other browser: whoever registered may not own the address, so their password was discarded).
 */
export type VerifyAnswer = VerifiedAnswer;

const routes = {
  register: apiRoute("accounts.register", "POST", "/api/v1/auth/register"),
  login: apiRoute("accounts.login", "POST", "/api/v1/auth/login"),
  verifyEmail: apiRoute("accounts.verifyEmail", "GET", "/api/v1/auth/verify-email/:token"),
  choosePassword: apiRoute("accounts.choosePassword", "POST", "/api/v1/auth/choose-password"),
  resendVerification: apiRoute("accounts.resendVerification", "POST", "/api/v1/auth/resend-verification"),
  requestPasswordReset: apiRoute(
    "accounts.requestPasswordReset",
    "POST",
    "/api/v1/auth/request-password-reset",
  ),
  resetPassword: apiRoute("accounts.resetPassword", "POST", "/api/v1/auth/reset-password"),
};

const anonymous = true;

export const authApi = {
  register: (body: {
    email: string;
    password: string;
    firstname: string;
    lastname: string;
    /** The page's language: the verification e-mail, and later ones, are written in it. */
    language?: string;
  }) => request(routes.register, { body, anonymous }),
  login: (body: { email: string; password: string }) => request(routes.login, { body, anonymous }),
  verifyEmail: (token: string) => request(routes.verifyEmail, { params: { token }, anonymous }),
  choosePassword: (token: string, password: string) =>
    request(routes.choosePassword, { body: { token, password }, anonymous }),
  resendVerification: (email: string) => request(routes.resendVerification, { body: { email }, anonymous }),
  requestPasswordReset: (email: string) =>
    request(routes.requestPasswordReset, { body: { email }, anonymous }),
  resetPassword: (token: string, newPassword: string) =>
    request(routes.resetPassword, { body: { token, newPassword }, anonymous }),
};

/** True when the request never got an answer (offline, connection dropped). */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0;
}

/** The message of a failed call: the server's own, else one fallback for no answer, one for the rest. */
export function failureMessage(error: unknown, fallbacks: { network: string; other: string }): string {
  return serverMessage(error) ?? (isNetworkFailure(error) ? fallbacks.network : fallbacks.other);
}
