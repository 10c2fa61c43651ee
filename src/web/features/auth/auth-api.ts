import type { PublicUser } from "../../../domain/accounts/user";
import { ApiError, apiRequest, serverMessage } from "../../lib/api-client";

// The accounts calls of the sign-up, sign-in and recovery screens (DESIGN §5). They go without the bearer
// token: they do not need one, and a wrong password must not end a session that happens to be stored.

export interface MessageAnswer {
  success: boolean;
  message?: string;
}

export interface SignedInAnswer extends MessageAnswer {
  token: string;
  user: PublicUser;
}

/**
 * The verification link's answer: signed in (the browser that registered), or asked to choose a password
 * (any other browser: whoever registered may not own the address, so their password was discarded).
 */
export type VerifyAnswer =
  | (SignedInAnswer & { passwordRequired?: false })
  | {
      success: boolean;
      message: string;
      passwordRequired: true;
      passwordToken: string;
      email: string;
      firstname: string;
      lastname: string;
    };

const anonymous = true;

export const authApi = {
  register: (body: { email: string; password: string; firstname: string; lastname: string }) =>
    apiRequest<MessageAnswer>("POST", "/auth/register", { body, anonymous }),
  login: (body: { email: string; password: string }) =>
    apiRequest<SignedInAnswer>("POST", "/auth/login", { body, anonymous }),
  verifyEmail: (token: string) =>
    apiRequest<VerifyAnswer>("GET", `/auth/verify-email/${encodeURIComponent(token)}`, { anonymous }),
  choosePassword: (token: string, password: string) =>
    apiRequest<SignedInAnswer>("POST", "/auth/choose-password", { body: { token, password }, anonymous }),
  resendVerification: (email: string) =>
    apiRequest<MessageAnswer>("POST", "/auth/resend-verification", { body: { email }, anonymous }),
  requestPasswordReset: (email: string) =>
    apiRequest<MessageAnswer>("POST", "/auth/request-password-reset", { body: { email }, anonymous }),
  resetPassword: (token: string, newPassword: string) =>
    apiRequest<MessageAnswer>("POST", "/auth/reset-password", { body: { token, newPassword }, anonymous }),
};

/** The sentence the server sent with a failure, if it sent one: the API client's one reader. */
export { serverMessage };

/** True when the request never got an answer (offline, connection dropped). */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0;
}

/** The message of a failed call: the server's own, else one fallback for no answer, one for the rest. */
export function failureMessage(error: unknown, fallbacks: { network: string; other: string }): string {
  return serverMessage(error) ?? (isNetworkFailure(error) ? fallbacks.network : fallbacks.other);
}
