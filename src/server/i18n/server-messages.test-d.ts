import type { CommentType } from "../../domain/reports/report-rules";
import { translator, type Translate } from "./server-messages";

// Type tests, run by `npm run typecheck` (tsc reads this file; Vitest does not run it): the keys a
// namespace's translator takes. Each `@ts-expect-error` fails the type check when the line below it compiles.

declare const type: CommentType;
declare const newType: CommentType | "rumour";

export function checked(language: string, t: Translate) {
  const email = translator(language, "email");
  const channels = translator(language, "channels");
  return [
    email("verification.subject"),
    channels(`type.${type}`),
    // Without its namespace, a key of any namespace.
    t(`type.${type}`),
    // @ts-expect-error -- a key the namespace does not have
    email("noSuchKey"),
    // @ts-expect-error -- a key of another namespace
    email(`type.${type}`),
    // @ts-expect-error -- a report type without its words for the phone channels
    channels(`type.${newType}`),
    // @ts-expect-error -- nor in any namespace
    t(`type.${newType}`),
  ];
}
