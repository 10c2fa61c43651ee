import type { CommentType } from "../domain/reports/report-rules";
import type { KeyMismatches, KeysUnder, MessageKey } from "./message-keys";

// Type tests, run by `npm run typecheck` (tsc reads this file; Vitest does not run it): each
// `@ts-expect-error` fails the type check when the line below it stops being an error, that is when the
// typing of message ids weakens (an id that is any string, a language allowed to lack a key).

/** Accepts only `true`. */
type Holds<Claim extends true> = Claim;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

export const englishIds: MessageKey[] = ["common.loading", "report.checks.missing.commentType"];

// @ts-expect-error -- an id no catalogue has
export const unknownId: MessageKey = "common.noSuchMessage";

// @ts-expect-error -- a namespace without its key
export const namespaceAlone: MessageKey = "common";

// @ts-expect-error -- any string is not an id
export const anyString: MessageKey = "" as string;

// The report types' names are exactly the domain's report types: none missing, none left over.
export type KeysUnderAPrefix = Holds<Same<KeysUnder<"common.commentType.">, CommentType>>;

// The completeness check on a made-up set of catalogues: what a language lacks, and what it has that
// English does not, named with the language.
interface Catalogues {
  en: { report: { title: string; "type.barrier": string } };
  ha: { report: { title: string } };
  yo: { report: { title: string; "type.barrier": string; "type.rumour": string } };
  ig: { report: { title: string; "type.barrier": string } };
}
export type MismatchesNamed = Holds<
  Same<
    KeyMismatches<Catalogues>,
    "ha lacks report.type.barrier" | "yo has report.type.rumour, which English does not"
  >
>;
export type NoMismatchWhenComplete = Holds<Same<KeyMismatches<Pick<Catalogues, "en" | "ig">>, never>>;
