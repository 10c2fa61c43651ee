import { accountMessages } from "../../domain/accounts/messages";
import type { Problem, SpecificProblemKey } from "../../domain/api/problems";
import { type FailureDetails, HttpError } from "../http/errors";

/** The accounts' refusals without values: each one's key is `account.<name>`, its sentence accountMessages'. */
export type AccountRefusal = SpecificProblemKey extends infer K
  ? K extends `account.${infer Name}`
    ? Name extends keyof typeof accountMessages
      ? (typeof accountMessages)[Name] extends string
        ? Name
        : never
      : never
    : never
  : never;

/** A refusal of the accounts API: its English sentence and its problem, from one name. */
export function accountRefusal(
  status: number,
  name: AccountRefusal,
  details: Omit<FailureDetails, "problem"> = {},
): HttpError {
  const problem = { key: `account.${name}`, params: {} } as Problem;
  return new HttpError(status, accountMessages[name], { ...details, problem });
}
