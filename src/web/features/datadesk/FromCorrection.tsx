import { useSearchParams } from "react-router";
import type { CorrectionView } from "../../../domain/corrections/correction-rules";
import { useFailureText, useT } from "../../i18n";
import { useApiQuery } from "../../lib/use-api";
import { ExternalLink } from "../../ui/ExternalLink";
import { correctionQueries } from "../corrections";
import type { SourceAndNoteValue } from "./SourceAndNote";
import styles from "./DataDesk.module.css";

// "Start a change" from a visitor's correction: the record page's `?correction=<id>`. The page
// shows the suggestion above the form and starts the form's source and note from it; the change is sent
// with the correction's id, so its publication accepts the correction and tells the visitor.

const CORRECTION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How much of the suggestion the note quotes; the whole of it stays on the correction. */
const QUOTED_MAX = 500;

export interface StartedFromCorrection {
  /** No `?correction=`, or the correction has been read (or failed to be): the form can start. */
  settled: boolean;
  /** The correction, when it is about this record. */
  correction: CorrectionView | null;
  failure: unknown;
  refetch: () => void;
}

/** The correction named by `?correction=` (none without it). */
export function useStartedFromCorrection(): StartedFromCorrection {
  const [search] = useSearchParams();
  const id = search.get("correction") ?? "";
  const valid = CORRECTION_ID.test(id);
  const query = useApiQuery({ ...correctionQueries.one(id), enabled: valid });
  return {
    settled: !valid || !query.isFetching || query.data !== undefined,
    correction: valid ? (query.data?.correction ?? null) : null,
    failure: valid ? query.failure : null,
    refetch: () => void query.refetch(),
  };
}

/** Whether a correction is about this record (a link could name another). */
export function isAbout(correction: CorrectionView, kind: string, id: string): boolean {
  return correction.subject === kind && String(correction.subjectId) === id;
}

/** The form's start: the correction's source address, and a note that refers to the suggestion. */
export function sourceFromCorrection(
  correction: CorrectionView,
  note: (values: { text: string }) => string,
): SourceAndNoteValue {
  const text = correction.whatIsWrong.replace(/\s+/g, " ").trim();
  const quoted = text.length > QUOTED_MAX ? `${text.slice(0, QUOTED_MAX - 1)}…` : text;
  return { sourceUrl: correction.sourceUrl ?? "", note: note({ text: quoted }) };
}

/** The suggestion above the form: what the visitor wrote, its source as a link, and what to do with it. */
export function FromCorrection({
  started,
  kind,
  id,
}: {
  started: StartedFromCorrection;
  kind: string;
  id: string;
}) {
  const t = useT();
  const problemText = useFailureText();
  const { correction, failure } = started;
  if (!correction && !failure && started.settled) return null;
  return (
    <section aria-labelledby="datadesk-from-correction" className={styles.panel}>
      <h2 id="datadesk-from-correction">{t("datadesk.fromCorrection.heading")}</h2>
      {failure ? (
        <div role="alert" className={styles.failed}>
          <p>{problemText(failure)}</p>
          <button type="button" className="button" onClick={started.refetch}>
            {t("datadesk.retry")}
          </button>
        </div>
      ) : !correction ? (
        <p role="status">{t("datadesk.fromCorrection.loading")}</p>
      ) : !isAbout(correction, kind, id) ? (
        <p role="alert">{t("datadesk.fromCorrection.otherRecord", { name: correction.subjectName })}</p>
      ) : (
        <>
          <p>{t("datadesk.fromCorrection.suggested")}</p>
          <blockquote className={styles.quote}>{correction.whatIsWrong}</blockquote>
          <p>
            {t("datadesk.fromCorrection.source")}{" "}
            {correction.sourceUrl ? (
              <ExternalLink href={correction.sourceUrl}>{correction.sourceUrl}</ExternalLink>
            ) : (
              t("datadesk.fromCorrection.noSource")
            )}
          </p>
          <p>{t("datadesk.fromCorrection.typeValues")}</p>
        </>
      )}
    </section>
  );
}
