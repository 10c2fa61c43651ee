import type { VerificationLinkAnswer } from "../../../domain/api/accounts";
import { ApiError, apiRoute, request } from "../../lib/api-client";

// The accounts calls of the sign-up, sign-in and recovery screens (docs/api.md). They go without the bearer
// token: they do not need one, and a wrong password must not end a session that happens to be stored.

/**
 * What a verification link is for, read without using it: the address, the registration's names, and
 * whether this is the browser that registered (where the token alone verifies).
 */
export type VerificationLink = VerificationLinkAnswer;

const routes = {
  register: apiRoute("accounts.register", "POST", "/api/v1/auth/register"),
  login: apiRoute("accounts.login", "POST", "/api/v1/auth/login"),
  verificationLink: apiRoute(
    "accounts.verificationLink",
    "GET",
    "/api/v1/auth/verify-email/:token/registration",
  ),
  verifyEmail: apiRoute("accounts.verifyEmail", "POST", "/api/v1/auth/verify-email"),
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
  verificationLink: (token: string) => request(routes.verificationLink, { params: { token }, anonymous }),
  /** Uses the link: the token alone (the registering browser), or with the registration's or a new password. */
  verifyEmail: (body: { token: string; password?: string; newPassword?: string }) =>
    request(routes.verifyEmail, { body, anonymous }),
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
