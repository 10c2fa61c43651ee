import {
  describeOwnPasswordProblems,
  passwordMessages,
  type PasswordOwner,
} from "../../domain/accounts/password-policy";
import { guessablePasswordProblem } from "../../domain/accounts/password-strength";
import { isAmongMostCommonPasswords } from "./common-passwords";

/**
 * One sentence about a new password, or null, wherever one is set (register, choose-password, reset,
 * create-admin): the character rules, the owner's details, the 10,000 most common passwords, then how
 * hard it is to guess. The strength check comes last: it is the costliest and the least specific.
 */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | null {
  return (
    describeOwnPasswordProblems(password, owner) ??
    (isAmongMostCommonPasswords(password) ? passwordMessages.common : null) ??
    guessablePasswordProblem(password, owner)
  );
}
