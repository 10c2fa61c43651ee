import {
  ownPasswordWeakness,
  type PasswordOwner,
  type PasswordWeakness,
  weaknessMessage,
} from "../../domain/accounts/password-policy";
import { guessablePasswordWeakness } from "../../domain/accounts/password-strength";
import { passwordProblem } from "../../domain/api/problems";
import { HttpError } from "../http/errors";
import { isAmongMostCommonPasswords } from "./common-passwords";

/**
 * What is wrong with a new password, or null, wherever one is set (register, choose-password, reset,
 * create-admin): the character rules, the owner's details, the 10,000 most common passwords, then how
 * hard it is to guess. The strength check comes last: it is the costliest and the least specific.
 */
export function newPasswordWeakness(password: string, owner: PasswordOwner): PasswordWeakness | null {
  const guessable = () => guessablePasswordWeakness(password, owner);
  const weakness =
    ownPasswordWeakness(password, owner) ??
    (isAmongMostCommonPasswords(password) ? "common" : null) ??
    guessable();
  return typeof weakness === "string" ? { name: weakness } : weakness;
}

/** newPasswordWeakness as one English sentence, or null (create-admin prints it). */
export function newPasswordProblem(password: string, owner: PasswordOwner): string | null {
  const weakness = newPasswordWeakness(password, owner);
  return weakness && weaknessMessage(weakness);
}

/** 400 for a new password that may not be used, naming the form's field. */
export function refuseNewPassword(password: string, owner: PasswordOwner, field: string): void {
  const weakness = newPasswordWeakness(password, owner);
  if (weakness) {
    throw new HttpError(400, weaknessMessage(weakness), { field, problem: passwordProblem(weakness) });
  }
}
