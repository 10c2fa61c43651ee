import { z } from "zod";
import { accountMessages } from "../accounts/messages";
import {
  credentialsSchema,
  emailRequestSchema,
  passwordResetSchema,
  profileSchema,
  registrationSchema,
} from "../accounts/schemas";
import { endpoint, failures, messageAnswerSchema, publicUserSchema } from "./shared";

// The accounts API under /api/v1/auth (docs/api.md). The bodies are the very schemas the web forms check
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

/**
 * What a verification link is for, read without using it: a link checker or a preview that fetches it
 * changes nothing. The page shows it and asks for the person's action (POST /auth/verify-email).
 */
export const verificationLinkAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
  firstname: z.string().meta({ description: "The names given by whoever made this registration." }),
  lastname: z.string(),
  registeredAt: z.string().meta({ description: "When this registration was made (ISO 8601)." }),
  sameBrowser: z.boolean().meta({
    description:
      "True in the browser that registered: there, POST /auth/verify-email with the token alone verifies and signs in.",
  }),
});
export type VerificationLinkAnswer = z.infer<typeof verificationLinkAnswerSchema>;

export const verifyEmailParams = z.object({
  token: z.string().meta({ description: "The token from the e-mailed link." }),
});

/**
 * POST /auth/verify-email: the person's action that uses a verification link. In the browser that
 * registered the token is enough; anywhere else it comes with the password chosen at registration (kept),
 * or with a new password (which replaces it: whoever registered may not own the address).
 */
export const verifyEmailSchema = z
  .object(
    {
      token: z
        .string({ error: accountMessages.verificationLinkInvalid })
        .trim()
        .min(1, { error: accountMessages.verificationLinkInvalid })
        .max(200, { error: accountMessages.verificationLinkInvalid }),
      password: credentialsSchema.shape.password
        .optional()
        .meta({ description: "The password chosen at registration." }),
      newPassword: passwordResetSchema.shape.newPassword
        .optional()
        .meta({ description: "A new password instead; the one chosen at registration is removed." }),
    },
    { error: accountMessages.fillOutAllFields },
  )
  .refine((body) => body.password === undefined || body.newPassword === undefined, {
    error: accountMessages.verificationProofNeeded,
    path: ["password"],
  });
export type VerifyEmail = z.infer<typeof verifyEmailSchema>;

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
  verificationLink: endpoint({
    method: "GET",
    path: "/api/v1/auth/verify-email/:token/registration",
    tag,
    summary:
      "What a verification link is for (the address, the registration's names), without using it: opening a link changes nothing.",
    access: "anyone",
    params: verifyEmailParams,
    response: { 200: verificationLinkAnswerSchema, ...failures(400) },
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/v1/auth/verify-email",
    tag,
    summary:
      "Verify the address with the link's token and sign in: the token alone in the browser that registered; elsewhere with the registration's password, or a new password that replaces it. Verifying ends the address's other registrations.",
    access: "anyone",
    body: verifyEmailSchema,
    response: { 200: signedInAnswerSchema, ...failures(400, 401, 413, 415, 429) },
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
