import { z } from "zod";
import {
  choosePasswordSchema,
  credentialsSchema,
  emailRequestSchema,
  passwordResetSchema,
  profileSchema,
  registrationSchema,
} from "../accounts/schemas";
import { endpoint, failures, messageAnswerSchema, publicUserSchema } from "./shared";

// The accounts API under /api/v1/auth (DESIGN §5). The bodies are the very schemas the web forms check
// with (src/domain/accounts/schemas.ts), so a rule and its message are written once.

const tag = "Accounts";

export const signedInAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().meta({ description: "The session's bearer token." }),
  user: publicUserSchema,
});
export type SignedInAnswer = z.infer<typeof signedInAnswerSchema>;

export const userAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: publicUserSchema,
});
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** The verification link opened in the browser that registered: signed in. */
export const verifiedSignedInSchema = signedInAnswerSchema.extend({ passwordRequired: z.literal(false) });
/** Opened in any other browser: the holder of the link chooses a password (POST /auth/choose-password). */
export const verifiedChoosePasswordSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  passwordRequired: z.literal(true),
  passwordToken: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
export const verifiedAnswerSchema = z.union([verifiedSignedInSchema, verifiedChoosePasswordSchema]);
export type VerifiedAnswer = z.infer<typeof verifiedAnswerSchema>;

export const verifyEmailParams = z.object({
  token: z.string().meta({ description: "The token from the e-mailed link." }),
});

export const accountsApi = {
  register: endpoint({
    method: "POST",
    path: "/api/v1/auth/register",
    tag,
    summary:
      "Register. The same answer when the address is already registered (its owner gets an e-mail instead).",
    access: "anyone",
    body: registrationSchema,
    response: { 201: messageAnswerSchema, ...failures(400, 413, 415, 429) },
  }),
  login: endpoint({
    method: "POST",
    path: "/api/v1/auth/login",
    tag,
    summary: "Sign in with e-mail and password.",
    access: "anyone",
    body: credentialsSchema,
    response: { 200: signedInAnswerSchema, ...failures(400, 401, 403, 413, 415, 429) },
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/v1/auth/logout",
    tag,
    summary: "Sign out: the token stops working.",
    access: "signed-in",
    response: { 200: messageAnswerSchema, ...failures(401) },
  }),
  updateProfile: endpoint({
    method: "PATCH",
    path: "/api/v1/auth/update-profile",
    tag,
    summary: "Change one's names; the e-mail address cannot change.",
    access: "signed-in",
    body: profileSchema,
    response: { 200: userAnswerSchema, ...failures(400, 401, 413, 415) },
  }),
  verifyEmail: endpoint({
    method: "GET",
    path: "/api/v1/auth/verify-email/:token",
    tag,
    summary: "Follow a verification link: signs in (same browser) or asks for a password (any other).",
    access: "anyone",
    params: verifyEmailParams,
    response: { 200: verifiedAnswerSchema, ...failures(400) },
  }),
  choosePassword: endpoint({
    method: "POST",
    path: "/api/v1/auth/choose-password",
    tag,
    summary: "Choose a password after a verification link was opened in another browser; signs in.",
    access: "anyone",
    body: choosePasswordSchema,
    response: { 200: signedInAnswerSchema, ...failures(400, 413, 415, 429) },
  }),
  resendVerification: endpoint({
    method: "POST",
    path: "/api/v1/auth/resend-verification",
    tag,
    summary: "Send a new verification link; the same answer for unknown or verified addresses.",
    access: "anyone",
    body: emailRequestSchema,
    response: { 200: messageAnswerSchema, ...failures(400, 413, 415, 429) },
  }),
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/api/v1/auth/request-password-reset",
    tag,
    summary: "E-mail a password reset link; the same answer whether or not the address has an account.",
    access: "anyone",
    body: emailRequestSchema,
    response: { 200: messageAnswerSchema, ...failures(400, 413, 415, 429) },
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/v1/auth/reset-password",
    tag,
    summary: "Set a new password with a reset link's token; every session ends.",
    access: "anyone",
    body: passwordResetSchema,
    response: { 200: messageAnswerSchema, ...failures(400, 413, 415, 429) },
  }),
} as const;
