import type { CatalogueFiles } from "./catalogue-types";

// The message ids the code may ask for, as types read from the catalogue files (catalogue-types.ts): a
// `t()` of an id English does not have fails the type check, and so does an id built from a union
// (``t(`common.commentType.${type}`)``) when one member has no message. Types only: they cost the bundles
// nothing. Every other language must have every English key too, or the type check names what it lacks
// (docs/architecture.md, "A new report type").

/** "namespace.key" for every message of one language's files. */
type IdsOf<Files> = {
  [Namespace in keyof Files & string]: `${Namespace}.${keyof Files[Namespace] & string}`;
}[keyof Files & string];

/** The catalogue namespaces (the English files' names). */
export type Namespace = keyof CatalogueFiles["en"];

/** A message id English has: "namespace.key". */
export type MessageKey = IdsOf<CatalogueFiles["en"]>;

/** The rest of the ids that start with `Prefix`: `KeysUnder<"report.checks.">` is "photoTooLarge" | …. */
export type KeysUnder<Prefix extends string> = MessageKey extends infer Id
  ? Id extends `${Prefix}${infer Rest}`
    ? Rest
    : never
  : never;

/**
 * What each language has that English does not, or lacks that English has, as sentences; `never` when
 * every language has exactly English's keys.
 */
export type KeyMismatches<Files extends { en: object }> = {
  [Language in keyof Files & string]:
    | `${Language} lacks ${Exclude<IdsOf<Files["en"]>, IdsOf<Files[Language]>>}`
    | `${Language} has ${Exclude<IdsOf<Files[Language]>, IdsOf<Files["en"]>>}, which English does not`;
}[keyof Files & string];

/** Accepts only `never`: an error here quotes the mismatches. */
type NoMismatch<Mismatches extends never> = Mismatches;

/** Fails the type check, naming the language and key, while a catalogue lacks an English key. */
export type EveryLanguageHasEnglishKeys = NoMismatch<KeyMismatches<CatalogueFiles>>;
