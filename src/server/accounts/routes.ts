import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { accountMessages as messages } from "../../domain/accounts/messages";
import {
  choosePasswordSchema,
  credentialsSchema,
  emailRequestSchema,
  passwordResetSchema,
  profileSchema,
  registrationSchema,
  type Registration,
} from "../../domain/accounts/schemas";
import { api } from "../../domain/api";
import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import { recordAudit } from "../audit/audit-log";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { HttpError } from "../http/errors";
import { isSiteLanguage } from "../i18n/server-messages";
import { acceptJsonBodies, parseBody } from "../http/request-body";
import { enqueueMail } from "../mail/outbox";
import { routeSchema } from "../openapi/route-schema";
import type { AuthAttemptLimits } from "../rate-limit/auth-limits";
import {
  deletePasswordHash,
  findTokenHolder,
  findUnverifiedUserByEmail,
  findUserByEmail,
  findUserById,
  findUserWithPasswordHash,
  insertUser,
  markVerified,
  renameUser,
  savePasswordHash,
} from "./account-repository";
import {
  clearCookie,
  readCookie,
  REGISTRATION_COOKIE,
  REGISTRATION_COOKIE_SECONDS,
  setCookie,
} from "./cookies";
import {
  alreadyRegisteredEmail,
  passwordChangedEmail,
  passwordResetEmail,
  verificationEmail,
} from "./emails";
import { requireUser } from "./guards";
import {
  checkOneTimeToken,
  consumeOneTimeToken,
  discardOneTimeTokens,
  issueOneTimeToken,
  type TokenProblem,
} from "./one-time-tokens";
import type { PasswordHasher } from "./passwords";
import { newPasswordProblem } from "./new-password";
import { toPublicUser } from "./public-user";
import { withSameAnswerTime } from "./same-answer-time";
import { hashSecretToken, newSecretToken } from "./secret-tokens";
import { endAllSessions, endSession, startSession } from "./sessions";
import { isTrustedDevice, trustDevice } from "./trusted-devices";

// The accounts API under /api/v1/auth (DESIGN §5), one function per group of endpoints below; the SQL is
// in account-repository.ts. Register, resend-verification and request-password-reset answer alike
// whether or not the address has an account (DESIGN §7).

export interface AccountsDependencies {
  db: Database;
  now: Clock;
  passwords: PasswordHasher;
  limits: AuthAttemptLimits;
  /** Base of e-mailed links (PUBLIC_URL), never the request's Host. */
  publicUrl: string;
  /** Least time register, resend-verification and request-password-reset take, whichever branch ran. */
  sameAnswerTimeMs: number;
}

/** What every group of routes uses. */
interface Context extends AccountsDependencies {
  /** Cookies are Secure when the site is served over HTTPS. */
  secureCookies: boolean;
  sameAnswerTime: <T>(work: () => Promise<T>) => Promise<T>;
}

/** 400 answers of the verification and reset links: the holder of a token may know what went wrong. */
const verificationProblems: Record<TokenProblem, string> = {
  invalid: messages.verificationLinkInvalid,
  expired: messages.verificationLinkExpired,
  used: messages.verificationLinkUsed,
};
const resetProblems: Record<TokenProblem, string> = {
  invalid: messages.resetLinkInvalid,
  expired: messages.resetLinkExpired,
  used: messages.resetLinkUsed,
};

/** A link's token that is unknown, expired or used: the person needs a new link, not a corrected field. */
const linkProblem = { code: "LINK_INVALID" } as const;

export function accountRoutes(deps: AccountsDependencies): FastifyPluginAsync {
  const context: Context = {
    ...deps,
    secureCookies: deps.publicUrl.startsWith("https:"),
    sameAnswerTime: (work) => withSameAnswerTime(deps.sameAnswerTimeMs, work),
  };
  return async (auth) => {
    acceptJsonBodies(auth);
    // Answers carry tokens and personal details: never kept by a browser or a shared cache.
    auth.addHook("onSend", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    signUpRoutes(auth, context);
    signInRoutes(auth, context);
    passwordResetRoutes(auth, context);
    profileRoutes(auth, context);
  };
}

/** The rules for a new password sent with a one-time token, checked against the token holder's details. */
async function tokenHolderPasswordProblem(db: Database, token: string, password: string) {
  const owner = await findTokenHolder(db, token);
  return {
    found: owner !== undefined,
    problem: newPasswordProblem(password, {
      email: owner?.email ?? "",
      names: owner ? [owner.firstname, owner.lastname] : [],
    }),
  };
}

/**
 * The language of an account's e-mails must be one the site has (a catalogue folder): the contract only
 * checks its shape.
 */
function checkLanguage(language: string | undefined): void {
  if (language !== undefined && !isSiteLanguage(language)) {
    throw new HttpError(400, messages.languageInvalid, { field: "language" });
  }
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Sign-up: register, verify the address, choose a password when verified elsewhere, resend the link.
function signUpRoutes(auth: FastifyInstance, context: Context): void {
  const { db, now, passwords, limits, publicUrl, secureCookies, sameAnswerTime } = context;

  auth.post("/register", { schema: routeSchema(api.accounts.register) }, async (request, reply) => {
    await limits.countIp(request, reply, "register");
    const registration = parseBody(registrationSchema, request.body);
    checkLanguage(registration.language);
    await limits.countAccount(request, reply, "register");
    const passwordProblem = newPasswordProblem(registration.password, {
      email: registration.email,
      names: [registration.firstname, registration.lastname],
    });
    if (passwordProblem) throw new HttpError(400, passwordProblem, { field: "password" });
    // This browser's proof that it is the one that registered (cookies.ts); set on every answer alike.
    const browserSecret = newSecretToken();
    await sameAnswerTime(async () => {
      // Hashed on both branches, so a known address takes as long as a new one.
      const passwordHash = await passwords.hash(registration.password);
      await recordRegistration(context, registration, passwordHash, hashSecretToken(browserSecret));
    });
    setCookie(reply, REGISTRATION_COOKIE, browserSecret, REGISTRATION_COOKIE_SECONDS, secureCookies);
    return reply.status(201).send({ success: true, message: messages.registered });
  });

  auth.get<{ Params: { token: string } }>(
    "/verify-email/:token",
    { schema: routeSchema(api.accounts.verifyEmail) },
    async (request, reply) => {
      reply.header("referrer-policy", "no-referrer");
      const { token } = request.params;
      if (token.length <= 10 || token.length > 200) {
        throw new HttpError(400, messages.verificationLinkInvalid, linkProblem);
      }
      const outcome = await verifyAddress(context, request, reply, token);
      if ("problem" in outcome) throw new HttpError(400, verificationProblems[outcome.problem], linkProblem);
      clearCookie(reply, REGISTRATION_COOKIE, secureCookies);
      if (outcome.kind === "signed-in") {
        return {
          success: true,
          message: messages.verified,
          passwordRequired: false,
          token: outcome.sessionToken,
          user: toPublicUser(outcome.user),
        };
      }
      return {
        success: true,
        message: messages.verifiedChoosePassword,
        passwordRequired: true,
        passwordToken: outcome.passwordToken,
        email: outcome.user.email,
        firstname: outcome.user.firstname,
        lastname: outcome.user.lastname,
      };
    },
  );

  auth.post(
    "/choose-password",
    { schema: routeSchema(api.accounts.choosePassword) },
    async (request, reply) => {
      await limits.countIp(request, reply, "choose-password");
      const chosen = parseBody(choosePasswordSchema, request.body);
      const at = now();
      const problem = await checkOneTimeToken(db, chosen.token, "choose-password", at);
      if (problem) throw new HttpError(400, messages.choosePasswordLinkInvalid, linkProblem);
      const holder = await tokenHolderPasswordProblem(db, chosen.token, chosen.password);
      if (!holder.found) throw new HttpError(400, messages.choosePasswordLinkInvalid, linkProblem);
      if (holder.problem) throw new HttpError(400, holder.problem, { field: "password" });
      const passwordHash = await passwords.hash(chosen.password);

      const outcome = await db.transaction(async (tx) => {
        const consumed = await consumeOneTimeToken(tx, chosen.token, "choose-password", at);
        if ("problem" in consumed) return consumed;
        await savePasswordHash(tx, consumed.userId, passwordHash, at);
        const user = await findUserById(tx, consumed.userId);
        if (!user) return { problem: "invalid" as const };
        const sessionToken = await startSession(tx, user.id, at);
        await trustDevice(tx, request, reply, user.id, at, secureCookies);
        await recordAudit(tx, {
          actorId: user.id,
          action: "user.password-chosen",
          subjectType: "user",
          subjectId: user.id,
          at,
        });
        return { user, sessionToken };
      });
      if ("problem" in outcome) throw new HttpError(400, messages.choosePasswordLinkInvalid, linkProblem);
      return {
        success: true,
        message: messages.passwordChosen,
        token: outcome.sessionToken,
        user: toPublicUser(outcome.user),
      };
    },
  );

  auth.post(
    "/resend-verification",
    { schema: routeSchema(api.accounts.resendVerification) },
    async (request, reply) => {
      await limits.countIp(request, reply, "resend-verification");
      const { email } = parseBody(emailRequestSchema, request.body);
      await limits.countAccount(request, reply, "resend-verification");

      // The browser that asks for the new link is the one it signs in (see register).
      const browserSecret = newSecretToken();
      await sameAnswerTime(async () => {
        const at = now();
        await db.transaction(async (tx) => {
          const user = await findUnverifiedUserByEmail(tx, email);
          if (!user) return;
          const token = await issueOneTimeToken(tx, user.id, "verify", at, hashSecretToken(browserSecret));
          await enqueueMail(tx, verificationEmail(user, publicUrl, token), at);
        });
      });
      setCookie(reply, REGISTRATION_COOKIE, browserSecret, REGISTRATION_COOKIE_SECONDS, secureCookies);
      return { success: true, message: messages.verificationResent };
    },
  );
}

/**
 * A registration, in one transaction: a new account; or, for an address nobody has verified yet, the
 * newest registration replaces the pending one; or, for a verified account, a word to its owner.
 */
async function recordRegistration(
  { db, now, publicUrl }: Context,
  registration: Registration,
  passwordHash: string,
  browserHash: string,
): Promise<void> {
  const at = now();
  await db.transaction(async (tx) => {
    const created = await insertUser(tx, registration, at);
    if (created) {
      await savePasswordHash(tx, created.id, passwordHash, at);
      const token = await issueOneTimeToken(tx, created.id, "verify", at, browserHash);
      await enqueueMail(tx, verificationEmail(created, publicUrl, token), at);
      await recordAudit(tx, {
        actorId: created.id,
        action: "user.registered",
        subjectType: "user",
        subjectId: created.id,
        at,
      });
      return;
    }
    const owner = await findUserByEmail(tx, registration.email);
    if (!owner) return;
    if (!owner.isVerified) {
      // Nobody has proved the address yet: the newest registration replaces the pending password
      // and names, and its link replaces (voids) every earlier one. Whoever registered before
      // keeps nothing: not the password, not a working link. The e-mail is in the new registration's language.
      const renamed = await renameUser(
        tx,
        owner.id,
        { ...registration, language: registration.language ?? DEFAULT_LANGUAGE },
        at,
      );
      await savePasswordHash(tx, owner.id, passwordHash, at);
      const token = await issueOneTimeToken(tx, owner.id, "verify", at, browserHash);
      await enqueueMail(tx, verificationEmail(renamed ?? owner, publicUrl, token), at);
      await recordAudit(tx, {
        actorId: owner.id,
        action: "user.registration-replaced",
        subjectType: "user",
        subjectId: owner.id,
        at,
      });
      return;
    }
    // The address has a verified account: its owner hears about it (in the account's language), the
    // caller learns nothing.
    const resetToken = await issueOneTimeToken(tx, owner.id, "reset", at);
    await enqueueMail(tx, alreadyRegisteredEmail(owner, publicUrl, resetToken), at);
  });
}

/**
 * Follows a verification link, in one transaction. In the browser that registered, the person is signed
 * in. Opened elsewhere, whoever registered may not be the address's owner, so the password set at
 * registration is discarded and the person who holds the link chooses one.
 */
async function verifyAddress(
  { db, now, secureCookies }: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  const browserSecret = readCookie(request, REGISTRATION_COOKIE);
  const at = now();
  return db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, token, "verify", at);
    if ("problem" in consumed) return consumed;
    const sameBrowser =
      browserSecret !== undefined &&
      consumed.browserHash !== null &&
      sameHash(hashSecretToken(browserSecret), consumed.browserHash);
    const user = await markVerified(tx, consumed.userId, at);
    if (!user) return { problem: "invalid" as const };
    await recordAudit(tx, {
      actorId: user.id,
      action: "user.verified",
      subjectType: "user",
      subjectId: user.id,
      details: { sameBrowser },
      at,
    });
    if (sameBrowser) {
      const sessionToken = await startSession(tx, user.id, at);
      await trustDevice(tx, request, reply, user.id, at, secureCookies);
      return { kind: "signed-in" as const, user, sessionToken };
    }
    await deletePasswordHash(tx, user.id);
    await endAllSessions(tx, user.id, at);
    const passwordToken = await issueOneTimeToken(tx, user.id, "choose-password", at);
    return { kind: "choose-password" as const, user, passwordToken };
  });
}

// Sign-in and sign-out.
function signInRoutes(auth: FastifyInstance, { db, now, passwords, limits, secureCookies }: Context): void {
  auth.post("/login", { schema: routeSchema(api.accounts.login) }, async (request, reply) => {
    await limits.countIp(request, reply, "login");
    const credentials = parseBody(credentialsSchema, request.body);
    // Guessing is limited per (account, address) always; per account from every address only for
    // browsers that never signed in to it, so failures from elsewhere cannot lock its owner out.
    await limits.countAccountFromClient(request, reply, "login");
    if (!(await isTrustedDevice(db, request, credentials.email))) {
      await limits.countAccount(request, reply, "login");
    }

    const found = await findUserWithPasswordHash(db, credentials.email);
    if (!found?.passwordHash) {
      await passwords.verifyNothing(credentials.password);
      throw new HttpError(401, messages.wrongCredentials, { code: "WRONG_CREDENTIALS" });
    }
    if (!(await passwords.verify(found.passwordHash, credentials.password))) {
      throw new HttpError(401, messages.wrongCredentials, { code: "WRONG_CREDENTIALS" });
    }
    // Only now, with the right password, may the answer say anything about the account.
    if (!found.isVerified) {
      throw new HttpError(403, messages.notVerified, { code: "EMAIL_NOT_VERIFIED" });
    }

    const at = now();
    if (passwords.needsRehash(found.passwordHash)) {
      await savePasswordHash(db, found.id, await passwords.hash(credentials.password), at);
    }
    const token = await startSession(db, found.id, at);
    await trustDevice(db, request, reply, found.id, at, secureCookies);
    return {
      success: true,
      message: messages.welcomeBack(found.firstname),
      token,
      user: toPublicUser(found),
    };
  });

  auth.post("/logout", { schema: routeSchema(api.accounts.logout) }, async (request) => {
    const user = await requireUser(request);
    await endSession(db, user.sessionId, now());
    return { success: true, message: messages.loggedOut };
  });
}

// Password reset: ask for a link by e-mail, then set a new password with it.
function passwordResetRoutes(auth: FastifyInstance, context: Context): void {
  const { db, now, passwords, limits, publicUrl, sameAnswerTime } = context;

  auth.post(
    "/request-password-reset",
    { schema: routeSchema(api.accounts.requestPasswordReset) },
    async (request, reply) => {
      await limits.countIp(request, reply, "request-password-reset");
      const { email } = parseBody(emailRequestSchema, request.body);
      await limits.countAccount(request, reply, "request-password-reset");

      await sameAnswerTime(async () => {
        const at = now();
        await db.transaction(async (tx) => {
          const user = await findUserByEmail(tx, email);
          if (!user) return;
          const token = await issueOneTimeToken(tx, user.id, "reset", at);
          await enqueueMail(tx, passwordResetEmail(user, publicUrl, token), at);
        });
      });
      return { success: true, message: messages.resetRequested };
    },
  );

  auth.post(
    "/reset-password",
    { schema: routeSchema(api.accounts.resetPassword) },
    async (request, reply) => {
      await limits.countIp(request, reply, "reset-password");
      const reset = parseBody(passwordResetSchema, request.body);
      // A dead link is refused before the (deliberately slow) hashing of the new password.
      const problem = await checkOneTimeToken(db, reset.token, "reset", now());
      if (problem) throw new HttpError(400, resetProblems[problem], linkProblem);
      const holder = await tokenHolderPasswordProblem(db, reset.token, reset.newPassword);
      if (holder.problem) throw new HttpError(400, holder.problem, { field: "newPassword" });
      const passwordHash = await passwords.hash(reset.newPassword);

      const outcome = await resetPassword(context, reset.token, passwordHash);
      if ("problem" in outcome) throw new HttpError(400, resetProblems[outcome.problem], linkProblem);
      return { success: true, message: messages.passwordReset };
    },
  );
}

/** Uses a reset link, in one transaction: the new password, the address verified, every session ended. */
async function resetPassword({ db, now, publicUrl }: Context, token: string, passwordHash: string) {
  const at = now();
  return db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, token, "reset", at);
    if ("problem" in consumed) return consumed;
    const { userId } = consumed;
    await savePasswordHash(tx, userId, passwordHash, at);
    // Following the e-mailed link proves the address is theirs, as a verification link would.
    const user = await markVerified(tx, userId, at);
    await discardOneTimeTokens(tx, userId, "verify");
    // Whoever knew the old password, or held a session, is out.
    await endAllSessions(tx, userId, at);
    if (user) await enqueueMail(tx, passwordChangedEmail(user, publicUrl), at);
    await recordAudit(tx, {
      actorId: userId,
      action: "user.password-reset",
      subjectType: "user",
      subjectId: userId,
      at,
    });
    return { userId };
  });
}

// The signed-in person's own profile.
function profileRoutes(auth: FastifyInstance, { db, now }: Context): void {
  auth.patch("/update-profile", { schema: routeSchema(api.accounts.updateProfile) }, async (request) => {
    const user = await requireUser(request);
    // Only the names and the language are read: the e-mail address cannot change (spec §2), whatever is sent.
    const change = parseBody(profileSchema, request.body);
    checkLanguage(change.language);
    const updated = await renameUser(db, user.id, change, now());
    if (!updated) throw new HttpError(401, messages.sessionEnded);
    return { success: true, message: messages.profileUpdated, user: toPublicUser(updated) };
  });
}
