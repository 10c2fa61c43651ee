import { errorCodes, type KnownErrorCode } from "./error-codes";
import { PASSWORD_MAX_LENGTH, type PasswordRuleId } from "../accounts/password-limits";
import type { PasswordWeakness } from "../accounts/password-policy";
import type { KeysUnder } from "../../i18n/message-keys";

// What went wrong, as a key and its values: every failure of the API carries one (`problem`) beside its
// English `message`, and the web app says it in the page's language from the catalogue message
// `errors.<key>` (src/i18n/catalogues/<language>/errors.json), so no code ever reads a message's words.
// `npm run i18n:check` fails when a key below has no message in one of the catalogues. Kept free of zod,
// like error-codes.ts, so the web app reads the list without the contract's schemas.
//
// The data desk's refusals are the one exception to `errors.<key>`: their sentences live in the desk's own
// catalogue, so their key is that message's id (`datadesk.message.conflict`, `datadesk.problem.year`), one
// of the ids the type below allows; every language has each of them (the catalogue types fail otherwise).

/** The values each specific problem's sentence needs; a key absent here has none. */
export interface ProblemParams {
  "account.tooManyAttempts": { minutes: number };
  "password.tooLong": { max: number };
  "password.missingRules": { missing: PasswordRuleId[] };
  "request.fieldInvalid": { field: string };
  "corrections.tooMany": { minutes: number };
  "report.tooManySubmissions": { minutes: number };
}

/** Problems said by their code alone: the server knew nothing more precise for the person to act on. */
export type CodeProblemKey = `code.${KnownErrorCode}`;

export const specificProblemKeys = [
  "account.languageInvalid",
  "account.wrongCredentials",
  "account.notVerified",
  "account.signInRequired",
  "account.sessionEnded",
  "account.notAllowed",
  "account.verificationProofNeeded",
  "account.registrationPasswordWrong",
  "account.verificationLinkInvalid",
  "account.verificationLinkExpired",
  "account.verificationLinkUsed",
  "account.resetLinkInvalid",
  "account.resetLinkExpired",
  "account.resetLinkUsed",
  "account.tooManyAttempts",
  "password.tooLong",
  "password.personal",
  "password.common",
  "password.siteName",
  "password.emailAddress",
  "password.pattern",
  "password.guessable",
  "password.missingRules",
  "request.fieldInvalid",
  "request.bodyUnreadable",
  "roles.ownRole",
  "roles.lastAdmin",
  "roles.unknownUser",
  "corrections.tooMany",
  "corrections.conflict",
  "corrections.notFound",
  "report.tooManySubmissions",
  "reviews.conflict",
  "reviews.ownReport",
  "reviews.notFound",
] as const;

export type SpecificProblemKey = (typeof specificProblemKeys)[number];

/** A data desk refusal: the id of its sentence in the desk's catalogue. */
export type DeskProblemKey =
  | `datadesk.message.${KeysUnder<"datadesk.message.">}`
  | `datadesk.problem.${KeysUnder<"datadesk.problem.">}`
  | `datadesk.importRefusal.${KeysUnder<"datadesk.importRefusal.">}`
  | "datadesk.import.hasProblems";

/** What a desk key looks like on the wire: the web app still words only the ids its catalogue has. */
export const deskProblemKeyPattern =
  /^datadesk\.(message|problem|importRefusal)\.[A-Za-z]+$|^datadesk\.import\.hasProblems$/;

export const isDeskProblemKey = (key: string): key is DeskProblemKey => deskProblemKeyPattern.test(key);

export type ProblemKey = SpecificProblemKey | CodeProblemKey | DeskProblemKey;

/** A desk sentence's values, as any problem's travel (`problemParamsSchema`, shared.ts). */
type DeskProblemParams = Record<string, string | number | string[]>;

/** Every problem key said from `errors.<key>`: the specific ones, then one per failure code. */
export const problemKeys: readonly (SpecificProblemKey | CodeProblemKey)[] = [
  ...specificProblemKeys,
  ...errorCodes.map((code) => `code.${code}` as const),
];

type ParamsOf<K extends ProblemKey> = K extends keyof ProblemParams
  ? ProblemParams[K]
  : K extends DeskProblemKey
    ? DeskProblemParams
    : Record<string, never>;

/** One problem: its key and the values its sentence needs, typed per key. */
export type Problem<K extends ProblemKey = ProblemKey> = K extends ProblemKey
  ? { key: K; params: ParamsOf<K> }
  : never;

/** A problem with values: `problem("account.tooManyAttempts", { minutes: 3 })`. */
export function problem<K extends keyof ProblemParams>(key: K, params: ProblemParams[K]): Problem<K>;
/** A problem without values: `problem("account.wrongCredentials")`. */
export function problem<K extends Exclude<ProblemKey, keyof ProblemParams | DeskProblemKey>>(
  key: K,
): Problem<K>;
export function problem(key: ProblemKey, params: object = {}): Problem {
  return { key, params } as Problem;
}

/** A data desk refusal's problem: its sentence's id in the desk's catalogue, and the sentence's values. */
export function deskProblem(key: DeskProblemKey, params: DeskProblemParams = {}): Problem {
  return { key, params } as Problem;
}

/** The problem a failure has when nothing more specific is known: its code's. */
export function codeProblem(code: KnownErrorCode): Problem {
  return { key: `code.${code}`, params: {} } as Problem;
}

/** Whether `value` is one of the problem keys (the web app checks what a server sent). */
export function isProblemKey(value: unknown): value is ProblemKey {
  return (
    typeof value === "string" &&
    ((problemKeys as readonly string[]).includes(value) || isDeskProblemKey(value))
  );
}

/** A password's weakness as the problem the API answers with. */
export function passwordProblem(weakness: PasswordWeakness): Problem {
  if (weakness.name === "missingRules")
    return problem("password.missingRules", { missing: weakness.missing });
  if (weakness.name === "tooLong") return problem("password.tooLong", { max: PASSWORD_MAX_LENGTH });
  return problem(`password.${weakness.name}`);
}
