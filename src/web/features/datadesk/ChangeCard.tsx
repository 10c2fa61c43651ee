import { sourceName } from "../../../domain/source-titles";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { Link, T, useFailureText, useT } from "../../i18n";
import { paths } from "../../../domain/routes";
import { ApiError } from "../../lib/api-client";
import { useApiMutation } from "../../lib/use-api";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { ExternalLink } from "../../ui/ExternalLink";
import {
  type ChangeConflict,
  type DataChange,
  type DataDeskFailure,
  deskQueries,
  publishChange,
  rejectChange,
  withdrawChange,
} from "./datadesk-api";
import { NOTE_MAX, useDeskText } from "./desk-text";
import { languageOfPath } from "./field-values";
import { useDocuments } from "./documents-api";
import { documentPaths, useDocumentTitles } from "./DocumentSelect";
import { StoredImportRows } from "./ImportRows";
import styles from "./DataDesk.module.css";

const dateTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

type Pending = "publish" | "reject" | null;

/**
 * One change as reviewers and its author read it: the record (a link to its form), what it does, each field
 * as "Law status: Passed → Pending" (the arrow is text, so a screen reader says it), the source (a link),
 * the note, the author and, once decided, who decided, when and why. A proposed change of another editor
 * offers Publish (after a confirmation) and Reject (a reason required); one's own offers Withdraw, never
 * Publish. A 409 keeps the change and shows, per field, the value proposed, the value now and the value
 * when it was proposed. Every outcome is announced in the card's live region.
 */
export function ChangeCard({
  change,
  onDecided,
  headingLevel = 3,
}: {
  change: DataChange;
  /** Said in the page's live region (the card may leave the list it was in); focus moves with it. */
  onDecided: (message: string) => void;
  headingLevel?: 2 | 3 | 4;
}) {
  const t = useT();
  const text = useDeskText();
  const problemText = useFailureText("datadesk");
  const documentTitle = useDocumentTitles();
  const sourceDocument = useDocuments().data?.find((document) => document.id === change.sourceDocumentId);
  const ids = useId();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState("");
  const [conflicts, setConflicts] = useState<ChangeConflict[]>([]);
  const focusTarget = useRef<"confirm" | "reason" | "title" | null>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useLayoutEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    ({ confirm: confirmRef, reason: reasonRef, title: titleRef })[target].current?.focus();
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: deskQueries.allChanges });
    void queryClient.invalidateQueries({ queryKey: deskQueries.allRecordViews });
    void queryClient.invalidateQueries({ queryKey: deskQueries.allRecords });
  };

  const failed = (error: Error) => {
    const body = error instanceof ApiError ? (error.body as DataDeskFailure | null) : null;
    if (error instanceof ApiError && error.code === "CHANGE_CONFLICT" && body?.conflicts) {
      setConflicts(body.conflicts);
      setFailure(t("datadesk.message.conflict", { count: body.conflicts.length }));
    } else {
      setFailure(problemText(error));
    }
    focusTarget.current = "title";
  };

  const done = (message: string) => {
    setPending(null);
    setFailure("");
    setConflicts([]);
    onDecided(message);
    refresh();
  };

  const publish = useApiMutation({
    mutationFn: () => publishChange(change.id),
    onSuccess: () => done(t("datadesk.message.published")),
    onError: (error) => {
      setPending(null);
      failed(error);
    },
  });
  const reject = useApiMutation({
    mutationFn: (why: string) => rejectChange(change.id, why),
    onSuccess: () => done(t("datadesk.message.rejected")),
    onError: failed,
  });
  const withdraw = useApiMutation({
    mutationFn: () => withdrawChange(change.id),
    onSuccess: () => done(t("datadesk.message.withdrawn")),
    onError: failed,
  });
  const busy = publish.isPending || reject.isPending || withdraw.isPending;

  const open = (which: Pending) => {
    setPending(which);
    setReasonError(undefined);
    focusTarget.current = which === "publish" ? "confirm" : which === "reject" ? "reason" : null;
  };

  const sendRejection = () => {
    if (reason.trim() === "") {
      setReasonError(t("datadesk.problem.reasonMissing"));
      focusTarget.current = "reason";
      return;
    }
    setReasonError(undefined);
    reject.mutate(reason);
  };

  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  const titleId = `${ids}-title`;
  const reasonId = `${ids}-reason`;
  // An import changes many schools: it is named as one.
  const name = change.changeKind === "import" ? t("datadesk.change.importName") : change.recordName;
  const recordLink =
    change.changeKind === "import" ? (
      name
    ) : change.recordId !== null ? (
      <Link to={paths.dataRecord(change.kind, change.recordId)}>{change.recordName}</Link>
    ) : (
      change.recordName
    );
  const proposed = change.status === "proposed";

  return (
    <article aria-labelledby={titleId} className={styles.card}>
      <Heading id={titleId} ref={titleRef} tabIndex={-1} className={styles.cardTitle}>
        {t(`datadesk.kind.${change.kind}One`)}: {recordLink}
      </Heading>
      <p>
        {t(`datadesk.changeKind.${change.changeKind}`)} · {t(`datadesk.changeStatus.${change.status}`)}
      </p>
      {change.import ? (
        <>
          <p>
            {t("datadesk.change.importSummary", {
              additions: change.import.additions,
              changes: change.import.changes,
            })}
          </p>
          <StoredImportRows changeId={change.id} headingLevel={headingLevel === 2 ? 3 : 4} />
        </>
      ) : null}
      {change.fields.length > 0 ? (
        <ul className={styles.edits} aria-label={t("datadesk.change.fields")}>
          {change.fields.map((edit) => (
            <li key={edit.field}>
              {/* A translation not yet published is a draft: never on the public pages. */}
              {proposed && languageOfPath(edit.field) !== null ? (
                <>
                  <span className={styles.draftBadge}>{t("datadesk.draft")}</span>{" "}
                </>
              ) : null}
              {documentPaths.has(edit.field)
                ? text.fromTo(change.kind, edit.field, documentTitle(edit.from), documentTitle(edit.to))
                : text.fromTo(change.kind, edit.field, edit.from, edit.to)}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className={styles.facts}>
        {change.mergeInto ? (
          <div>
            <dt>{t("datadesk.change.mergeInto")}</dt>
            <dd>
              <Link to={paths.dataRecord("school", change.mergeInto)}>{change.mergeInto}</Link>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("datadesk.change.source")}</dt>
          <dd className={styles.breakable}>
            {change.sourceUrl ? (
              <>
                {/* The reviewer checks the words readers will see against the address itself. */}
                {change.sourceTitle && change.sourcePublisher
                  ? `${sourceName(change.sourceTitle, change.sourcePublisher)}, `
                  : null}
                <ExternalLink href={change.sourceUrl}>{change.sourceUrl}</ExternalLink>
                {change.sourceRead ? ` ${t("common.sourceRead", { date: change.sourceRead })}` : null}
              </>
            ) : null}
            {change.sourceUrl && change.sourceDocumentId ? " · " : null}
            {sourceDocument ? (
              <a href={sourceDocument.address}>{sourceDocument.title}</a>
            ) : change.sourceDocumentId ? (
              t("datadesk.change.document", { id: change.sourceDocumentId })
            ) : null}
            {!change.sourceUrl && !change.sourceDocumentId ? t("datadesk.value.empty") : null}
          </dd>
        </div>
        <div>
          <dt>{t("datadesk.change.note")}</dt>
          <dd className={styles.note}>{change.note}</dd>
        </div>
        <div>
          <dt>{t("datadesk.change.author")}</dt>
          <dd>
            {change.mine ? t("datadesk.change.you") : (change.author?.name ?? t("datadesk.value.empty"))}
            {" · "}
            <time dateTime={change.createdAt}>{dateTime.format(new Date(change.createdAt))}</time>
          </dd>
        </div>
        {change.decidedAt ? (
          <div>
            <dt>{t(`datadesk.change.decidedBy.${change.status}`)}</dt>
            <dd>
              {change.decidedBy?.name ?? t("datadesk.value.empty")}
              {" · "}
              <time dateTime={change.decidedAt}>{dateTime.format(new Date(change.decidedAt))}</time>
            </dd>
          </div>
        ) : null}
        {change.reason ? (
          <div>
            <dt>{t("datadesk.change.reason")}</dt>
            <dd className={styles.note}>{change.reason}</dd>
          </div>
        ) : null}
      </dl>

      {conflicts.length > 0 ? (
        <div className={styles.conflicts}>
          <p className={styles.legend}>{t("datadesk.conflict.title")}</p>
          <ul className={styles.edits}>
            {conflicts.map((conflict) => (
              <li key={`${conflict.recordId ?? ""}.${conflict.field}`}>
                <strong>
                  {conflict.recordId
                    ? `${t("datadesk.conflict.inSchool", { id: conflict.recordId, name: conflict.recordName ?? "" })} · `
                    : null}
                  {text.fieldLabel(change.kind, conflict.field)}
                </strong>
                <dl className={styles.facts}>
                  <div>
                    <dt>{t("datadesk.conflict.proposed")}</dt>
                    <dd>{text.valueText(change.kind, conflict.field, conflict.to)}</dd>
                  </div>
                  <div>
                    <dt>{t("datadesk.conflict.now")}</dt>
                    <dd>{text.valueText(change.kind, conflict.field, conflict.now)}</dd>
                  </div>
                  <div>
                    <dt>{t("datadesk.conflict.then")}</dt>
                    <dd>{text.valueText(change.kind, conflict.field, conflict.from)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {proposed && pending === "publish" ? (
        <div className={styles.panel}>
          <p ref={confirmRef} tabIndex={-1}>
            {t("datadesk.publish.confirm", { name })}
          </p>
          <p className={styles.actions}>
            <button type="button" className="button" disabled={busy} onClick={() => publish.mutate()}>
              {t("datadesk.publish.yes")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => open(null)}>
              {t("datadesk.cancel")}
            </button>
          </p>
        </div>
      ) : null}

      {proposed && pending === "reject" ? (
        <div className={styles.panel}>
          <FieldFrame
            id={reasonId}
            label={t("datadesk.reject.reason")}
            hint={t("datadesk.reject.reasonHint")}
            error={reasonError}
          >
            <textarea
              id={reasonId}
              ref={reasonRef}
              className={formStyles.input}
              rows={3}
              maxLength={NOTE_MAX}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={describedBy(reasonId, { hint: true, error: reasonError })}
              onChange={(event) => setReason(event.target.value)}
            />
          </FieldFrame>
          <p className={styles.actions}>
            <button type="button" className="button" disabled={busy} onClick={sendRejection}>
              {t("datadesk.reject.send")}
            </button>
            <button type="button" className="button button--secondary" onClick={() => open(null)}>
              {t("datadesk.cancel")}
            </button>
          </p>
        </div>
      ) : null}

      {proposed && pending === null ? (
        <p className={styles.actions}>
          {change.mine ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => withdraw.mutate()}
            >
              <T
                id="datadesk.withdraw"
                values={{ name }}
                components={{ hidden: <span className="visually-hidden" /> }}
              />
            </button>
          ) : (
            <>
              <button type="button" className="button" disabled={busy} onClick={() => open("publish")}>
                <T
                  id="datadesk.publish.button"
                  values={{ name }}
                  components={{ hidden: <span className="visually-hidden" /> }}
                />
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => open("reject")}
              >
                <T
                  id="datadesk.reject.button"
                  values={{ name }}
                  components={{ hidden: <span className="visually-hidden" /> }}
                />
              </button>
            </>
          )}
        </p>
      ) : null}

      {failure ? (
        <p role="alert" className={styles.failed}>
          {failure}
        </p>
      ) : null}
    </article>
  );
}
