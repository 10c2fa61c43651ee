import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { accountMessages as messages } from "../../domain/accounts/messages";
import type { Registration } from "../../domain/accounts/schemas";
import { api } from "../../domain/api";
import type { VerifyEmail } from "../../domain/api/accounts";
import { recordAudit } from "../audit/audit-log";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { isSiteLanguage } from "../i18n/server-messages";
import { acceptJsonBodies } from "../http/request-body";
import { enqueueMail } from "../mail/outbox";
import { routeSchema, typedRoutes, type ContractScope } from "../openapi/route-schema";
import type { AuthAttemptLimits } from "../rate-limit/auth-limits";
import {
  countRegistrations,
  deleteAbandonedRegistrations,
  endOtherRegistrations,
  findRegistrationToResend,
  findSignInCandidates,
  findTokenHolder,
  findUserByEmail,
  findVerifiedUserByEmail,
  insertUser,
  lockAddress,
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
import { requireUser, signedIn } from "./guards";
import { type AccountRefusal, accountRefusal } from "./refusal";
import {
  checkOneTimeToken,
  consumeOneTimeToken,
  discardOneTimeTokens,
  issueOneTimeToken,
  type TokenProblem,
} from "./one-time-tokens";
import type { PasswordHasher } from "./passwords";
import { refuseNewPassword } from "./new-password";
import { toPublicUser } from "./public-user";
import { withSameAnswerTime } from "./same-answer-time";
import { hashSecretToken, newSecretToken } from "./secret-tokens";
import { endAllSessions, endSession, startSession } from "./sessions";
import { isTrustedDevice, trustDevice } from "./trusted-devices";

// The accounts API under /api/v1/auth (docs/api.md), one function per group of endpoints below; the SQL is
// in account-repository.ts. Register, resend-verification and request-password-reset answer alike
// whether or not the address has an account (docs/architecture.md).

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
const verificationProblems = {
  invalid: "verificationLinkInvalid",
  expired: "verificationLinkExpired",
  used: "verificationLinkUsed",
} as const satisfies Record<TokenProblem, AccountRefusal>;
const resetProblems = {
  invalid: "resetLinkInvalid",
  expired: "resetLinkExpired",
  used: "resetLinkUsed",
} as const satisfies Record<TokenProblem, AccountRefusal>;

/** A link's token that is unknown, expired or used: the person needs a new link, not a corrected field. */
const linkRefusal = (name: AccountRefusal) => accountRefusal(400, name, { code: "LINK_INVALID" });

export function accountRoutes(deps: AccountsDependencies): FastifyPluginAsync {
  const context: Context = {
    ...deps,
    secureCookies: deps.publicUrl.startsWith("https:"),
    sameAnswerTime: (work) => withSameAnswerTime(deps.sameAnswerTimeMs, work),
  };
  return async (plainAuth) => {
    const auth = typedRoutes(plainAuth);
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

/**
 * The language of an account's e-mails must be one the site has (a catalogue folder): the contract only
 * checks its shape.
 */
function checkLanguage(language: string | undefined): void {
  if (language !== undefined && !isSiteLanguage(language)) {
    throw accountRefusal(400, "languageInvalid", { field: "language" });
  }
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// Sign-up: register, read and use a verification link, resend the link.
function signUpRoutes(auth: ContractScope, context: Context): void {
  const { db, now, passwords, limits, secureCookies, sameAnswerTime } = context;

  auth.post(
    "/register",
    { schema: routeSchema(api.accounts.register), preValidation: limits.ipHook("register") },
    async (request, reply) => {
      const registration = request.body;
      checkLanguage(registration.language);
      await limits.countAccount(request, reply, "register");
      refuseNewPassword(
        registration.password,
        { email: registration.email, names: [registration.firstname, registration.lastname] },
        "password",
      );
      // This browser's proof that it is the one that registered (cookies.ts); set on every answer alike.
      const browserSecret = newSecretToken();
      await sameAnswerTime(async () => {
        // Hashed on both branches, so a known address takes as long as a new one.
        const passwordHash = await passwords.hash(registration.password);
        await recordRegistration(context, registration, passwordHash, hashSecretToken(browserSecret));
      });
      setCookie(reply, REGISTRATION_COOKIE, browserSecret, REGISTRATION_COOKIE_SECONDS, secureCookies);
      return reply.status(201).send({ success: true as const, message: messages.registered });
    },
  );

  // Reading a link never uses it: mail services' link checkers and previews fetch every link they see.
  auth.get(
    "/verify-email/:token/registration",
    { schema: routeSchema(api.accounts.verificationLink) },
    async (request, reply) => {
      reply.header("referrer-policy", "no-referrer");
      const { token } = request.params;
      if (token.length <= 10 || token.length > 200) {
        throw linkRefusal("verificationLinkInvalid");
      }
      const problem = await checkOneTimeToken(db, token, "verify", now());
      const holder = problem ? undefined : await findTokenHolder(db, token);
      if (!holder) throw linkRefusal(verificationProblems[problem ?? "invalid"]);
      return {
        success: true as const,
        message: messages.verificationLinkReady,
        email: holder.email,
        firstname: holder.firstname,
        lastname: holder.lastname,
        registeredAt: holder.createdAt.toISOString(),
        sameBrowser: isRegisteringBrowser(request, holder.browserHash),
      };
    },
  );

  auth.post(
    "/verify-email",
    { schema: routeSchema(api.accounts.verifyEmail), preValidation: limits.ipHook("verify-email") },
    async (request, reply) => {
      const body = request.body;
      const at = now();
      const problem = await checkOneTimeToken(db, body.token, "verify", at);
      const holder = problem ? undefined : await findTokenHolder(db, body.token);
      if (!holder) throw linkRefusal(verificationProblems[problem ?? "invalid"]);
      const proof = await verificationProof(context, request, holder, body);
      const outcome = await verifyAddress(context, request, reply, holder.email, body.token, proof);
      if ("problem" in outcome) throw linkRefusal(verificationProblems[outcome.problem]);
      clearCookie(reply, REGISTRATION_COOKIE, secureCookies);
      return {
        success: true as const,
        message: proof.kind === "new-password" ? messages.passwordChosen : messages.verified,
        token: outcome.sessionToken,
        user: toPublicUser(outcome.user),
      };
    },
  );

  auth.post(
    "/resend-verification",
    {
      schema: routeSchema(api.accounts.resendVerification),
      preValidation: limits.ipHook("resend-verification"),
    },
    async (request, reply) => {
      const { email } = request.body;
      await limits.countAccount(request, reply, "resend-verification");

      // The registration this browser made, if it made one of the address's; the new link is bound to
      // the browser that asks for it (see register).
      const earlierSecret = readCookie(request, REGISTRATION_COOKIE);
      const browserSecret = newSecretToken();
      await sameAnswerTime(async () => {
        const at = now();
        await db.transaction(async (tx) => {
          const earlierHash = earlierSecret === undefined ? null : hashSecretToken(earlierSecret);
          const user = await findRegistrationToResend(tx, email, earlierHash);
          if (!user) return;
          const token = await issueOneTimeToken(tx, user.id, "verify", at, hashSecretToken(browserSecret));
          await enqueueMail(
            tx,
            verificationEmail(user, context.publicUrl, token, { alsoRegistered: user.hasEarlier }),
            at,
          );
        });
      });
      setCookie(reply, REGISTRATION_COOKIE, browserSecret, REGISTRATION_COOKIE_SECONDS, secureCookies);
      return { success: true as const, message: messages.verificationResent };
    },
  );
}

/** True when the request comes from the browser whose registration cookie the token was bound to. */
function isRegisteringBrowser(request: FastifyRequest, browserHash: string | null): boolean {
  const browserSecret = readCookie(request, REGISTRATION_COOKIE);
  return (
    browserSecret !== undefined &&
    browserHash !== null &&
    sameHash(hashSecretToken(browserSecret), browserHash)
  );
}

/** How the person using a verification link showed the registration is theirs. */
type VerificationProof =
  | { kind: "browser" }
  | { kind: "password"; rehash: string | null }
  | { kind: "new-password"; passwordHash: string };

/**
 * Checks what came with a verification link: a new password (held to the rules), the password chosen at
 * registration, or nothing but the registering browser's cookie. Throws the answer when none holds.
 */
async function verificationProof(
  { passwords }: Context,
  request: FastifyRequest,
  holder: NonNullable<Awaited<ReturnType<typeof findTokenHolder>>>,
  body: VerifyEmail,
): Promise<VerificationProof> {
  if (body.newPassword !== undefined) {
    refuseNewPassword(
      body.newPassword,
      { email: holder.email, names: [holder.firstname, holder.lastname] },
      "newPassword",
    );
    return { kind: "new-password", passwordHash: await passwords.hash(body.newPassword) };
  }
  if (body.password !== undefined) {
    const matches = holder.passwordHash
      ? await passwords.verify(holder.passwordHash, body.password)
      : (await passwords.verifyNothing(body.password), false);
    if (!matches) {
      throw accountRefusal(401, "registrationPasswordWrong", { code: "WRONG_CREDENTIALS" });
    }
    const stale = holder.passwordHash !== null && passwords.needsRehash(holder.passwordHash);
    return { kind: "password", rehash: stale ? await passwords.hash(body.password) : null };
  }
  if (isRegisteringBrowser(request, holder.browserHash)) return { kind: "browser" };
  throw accountRefusal(400, "verificationProofNeeded", { field: "password" });
}

/**
 * A registration, in one transaction, the address held meanwhile: a verified account's owner hears about
 * it; otherwise the registration is stored beside any other of the address (none is overwritten), with
 * its own password and link, and its e-mail says when an earlier registration of the address waits.
 */
async function recordRegistration(
  { db, now, publicUrl }: Context,
  registration: Registration,
  passwordHash: string,
  browserHash: string,
): Promise<void> {
  const at = now();
  await db.transaction(async (tx) => {
    await lockAddress(tx, registration.email);
    const owner = await findVerifiedUserByEmail(tx, registration.email);
    if (owner) {
      // The caller learns nothing; the owner is told, in the account's language.
      const resetToken = await issueOneTimeToken(tx, owner.id, "reset", at);
      await enqueueMail(tx, alreadyRegisteredEmail(owner, publicUrl, resetToken), at);
      return;
    }
    await deleteAbandonedRegistrations(tx, registration.email, at);
    const earlier = await countRegistrations(tx, registration.email);
    const created = await insertUser(tx, registration, at);
    await savePasswordHash(tx, created.id, passwordHash, at);
    const token = await issueOneTimeToken(tx, created.id, "verify", at, browserHash);
    await enqueueMail(tx, verificationEmail(created, publicUrl, token, { alsoRegistered: earlier > 0 }), at);
    await recordAudit(tx, {
      actorId: created.id,
      action: "user.registered",
      subjectType: "user",
      subjectId: created.id,
      ...(earlier > 0 ? { details: { earlierRegistrations: earlier } } : {}),
      at,
    });
  });
}

/**
 * Makes a registration the address's account, inside the caller's transaction with the address held:
 * verified, and the address's other registrations ended (their rows, passwords and links deleted).
 * Undefined when another registration of the address was verified first.
 */
async function confirmRegistration(tx: Database, userId: number, email: string, at: Date) {
  const verified = await findVerifiedUserByEmail(tx, email);
  if (verified && verified.id !== userId) return undefined;
  const user = await markVerified(tx, userId, at);
  if (!user) return undefined;
  const ended = await endOtherRegistrations(tx, userId, email);
  return { user, ended };
}

/** Uses a verification link with its proof, in one transaction, and signs the person in. */
async function verifyAddress(
  { db, now, secureCookies }: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  token: string,
  proof: VerificationProof,
) {
  const at = now();
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const consumed = await consumeOneTimeToken(tx, token, "verify", at);
    if ("problem" in consumed) return consumed;
    const confirmed = await confirmRegistration(tx, consumed.userId, email, at);
    if (!confirmed) return { problem: "invalid" as const };
    const { user, ended } = confirmed;
    if (proof.kind === "new-password") {
      // Whoever registered may not own the address: their password goes, and any session with it.
      await savePasswordHash(tx, user.id, proof.passwordHash, at);
      await endAllSessions(tx, user.id, at);
    } else if (proof.kind === "password" && proof.rehash) {
      await savePasswordHash(tx, user.id, proof.rehash, at);
    }
    await recordAudit(tx, {
      actorId: user.id,
      action: "user.verified",
      subjectType: "user",
      subjectId: user.id,
      details: { proof: proof.kind, endedRegistrations: ended },
      at,
    });
    const sessionToken = await startSession(tx, user.id, at);
    await trustDevice(tx, request, reply, user.id, at, secureCookies);
    return { user, sessionToken };
  });
}

/**
 * While nobody has verified an address, sign-in compares the password with at most this many of its
 * registrations (the newest), so that an attempt's cost stays bounded however often it was registered.
 */
const REGISTRATIONS_CHECKED_AT_SIGN_IN = 3;

/** The candidate whose password this is; a hash is computed even when there is none to compare with. */
async function findPasswordHolder<Candidate extends { passwordHash: string | null }>(
  passwords: PasswordHasher,
  candidates: Candidate[],
  password: string,
): Promise<(Candidate & { passwordHash: string }) | undefined> {
  let compared = false;
  for (const candidate of candidates) {
    if (!candidate.passwordHash) continue;
    compared = true;
    if (await passwords.verify(candidate.passwordHash, password)) {
      return { ...candidate, passwordHash: candidate.passwordHash };
    }
  }
  if (!compared) await passwords.verifyNothing(password);
  return undefined;
}

// Sign-in and sign-out.
function signInRoutes(auth: ContractScope, { db, now, passwords, limits, secureCookies }: Context): void {
  auth.post(
    "/login",
    { schema: routeSchema(api.accounts.login), preValidation: limits.ipHook("login") },
    async (request, reply) => {
      const credentials = request.body;
      // Guessing is limited per (account, address) always; per account from every address only for
      // browsers that never signed in to it, so failures from elsewhere cannot lock its owner out.
      await limits.countAccountFromClient(request, reply, "login");
      if (!(await isTrustedDevice(db, request, credentials.email))) {
        await limits.countAccount(request, reply, "login");
      }

      const found = await findPasswordHolder(
        passwords,
        await findSignInCandidates(db, credentials.email, REGISTRATIONS_CHECKED_AT_SIGN_IN),
        credentials.password,
      );
      if (!found) throw accountRefusal(401, "wrongCredentials", { code: "WRONG_CREDENTIALS" });
      // Only now, with the right password, may the answer say anything about the account.
      if (!found.isVerified) {
        throw accountRefusal(403, "notVerified", { code: "EMAIL_NOT_VERIFIED" });
      }

      const at = now();
      if (passwords.needsRehash(found.passwordHash)) {
        await savePasswordHash(db, found.id, await passwords.hash(credentials.password), at);
      }
      const token = await startSession(db, found.id, at);
      await trustDevice(db, request, reply, found.id, at, secureCookies);
      return {
        success: true as const,
        message: messages.welcomeBack(found.firstname),
        token,
        user: toPublicUser(found),
      };
    },
  );

  auth.post("/logout", { schema: routeSchema(api.accounts.logout) }, async (request) => {
    const user = await requireUser(request);
    await endSession(db, user.sessionId, now());
    return { success: true as const, message: messages.loggedOut };
  });
}

// Password reset: ask for a link by e-mail, then set a new password with it.
function passwordResetRoutes(auth: ContractScope, context: Context): void {
  const { db, now, passwords, limits, publicUrl, sameAnswerTime } = context;

  auth.post(
    "/request-password-reset",
    {
      schema: routeSchema(api.accounts.requestPasswordReset),
      preValidation: limits.ipHook("request-password-reset"),
    },
    async (request, reply) => {
      const { email } = request.body;
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
      return { success: true as const, message: messages.resetRequested };
    },
  );

  auth.post(
    "/reset-password",
    { schema: routeSchema(api.accounts.resetPassword), preValidation: limits.ipHook("reset-password") },
    async (request) => {
      const reset = request.body;
      // A dead link is refused before the (deliberately slow) hashing of the new password.
      const problem = await checkOneTimeToken(db, reset.token, "reset", now());
      if (problem) throw linkRefusal(resetProblems[problem]);
      const holder = await findTokenHolder(db, reset.token);
      if (!holder) throw linkRefusal(resetProblems.invalid);
      const owner = { email: holder.email, names: [holder.firstname, holder.lastname] };
      refuseNewPassword(reset.newPassword, owner, "newPassword");
      const passwordHash = await passwords.hash(reset.newPassword);

      const outcome = await resetPassword(context, holder.email, reset.token, passwordHash);
      if ("problem" in outcome) throw linkRefusal(resetProblems[outcome.problem]);
      return { success: true as const, message: messages.passwordReset };
    },
  );
}

/**
 * Uses a reset link, in one transaction, the address held meanwhile: the new password, the address
 * verified (ending its other registrations), every session ended.
 */
async function resetPassword(
  { db, now, publicUrl }: Context,
  email: string,
  token: string,
  passwordHash: string,
) {
  const at = now();
  return db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const consumed = await consumeOneTimeToken(tx, token, "reset", at);
    if ("problem" in consumed) return consumed;
    const { userId } = consumed;
    // Following the e-mailed link proves the address is theirs, as a verification link would.
    const confirmed = await confirmRegistration(tx, userId, email, at);
    if (!confirmed) return { problem: "invalid" as const };
    const { user } = confirmed;
    await savePasswordHash(tx, userId, passwordHash, at);
    await discardOneTimeTokens(tx, userId, "verify");
    // Whoever knew the old password, or held a session, is out.
    await endAllSessions(tx, userId, at);
    await enqueueMail(tx, passwordChangedEmail(user, publicUrl), at);
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
function profileRoutes(auth: ContractScope, { db, now }: Context): void {
  const options = { schema: routeSchema(api.accounts.updateProfile), preValidation: signedIn };
  auth.patch("/update-profile", options, async (request) => {
    const user = await requireUser(request);
    // Only the names and the language are read: the e-mail address cannot change, whatever is sent.
    const change = request.body;
    checkLanguage(change.language);
    const updated = await renameUser(db, user.id, change, now());
    if (!updated) throw accountRefusal(401, "sessionEnded");
    return { success: true as const, message: messages.profileUpdated, user: toPublicUser(updated) };
  });
}
