import type { CommentType } from "../../domain/reports/report-rules";
import type { LawStatusKey } from "../../domain/law-status";
import type { disabilityGroups } from "../../domain/datasets/vocabulary";
import type { UserRole } from "../../domain/accounts/user";
import type { Translate } from "./runtime";
import { T } from "./T";

// Type tests, run by `npm run typecheck` (tsc reads this file; Vitest does not run it): what `t()` and
// `<T id>` accept. Each `@ts-expect-error` fails the type check when the line below it compiles, that is
// when the typing weakens (docs/architecture.md, "A new report type").

declare const t: Translate;

type DisabilityGroup = (typeof disabilityGroups)[number];
declare const commentType: CommentType;
declare const group: DisabilityGroup;
declare const lawStatus: LawStatusKey;
declare const role: UserRole;
/** A report type that has no label: what adding one to the domain's list, and nothing else, gives. */
declare const newCommentType: CommentType | "rumour";
declare const anyText: string;

export const known = [
  t("common.loading"),
  t("report.upload.progress", { percent: 50, amount: "1 of 2 MB" }),
  // Built from the domain's unions: each member has its message.
  t(`common.commentType.${commentType}`),
  t(`report.commentTypes.${commentType}`),
  t(`schools.filter.groupOption.${group}`),
  t(`common.lawStatus.${lawStatus}`),
  t(`roles.role.${role}`),
];

export const refused = [
  // @ts-expect-error -- an id no catalogue has
  t("common.noSuchMessage"),
  // @ts-expect-error -- a report type without its label
  t(`common.commentType.${newCommentType}`),
  // @ts-expect-error -- an id built from any string cannot be checked, so it is refused
  t(`common.commentType.${anyText}`),
];

export const markup = (
  <>
    <T id="common.poweredBy" components={{ name: <strong /> }} />
    {/* @ts-expect-error -- an id no catalogue has */}
    <T id="common.noSuchNotice" />
  </>
);
