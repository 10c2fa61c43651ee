import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  CORRECTION_TEXT_MAX_LENGTH,
  correctionFieldProblem,
  type CorrectionSubject,
} from "../../../domain/corrections/correction-rules";
import { T, useLanguage, useFailureText, useT } from "../../i18n";
import { sendCorrection } from "./send-correction";
import styles from "./CorrectionForm.module.css";
import { problemMessages } from "./problem-messages";

// "Suggest a correction" on a state or school page. Accessibility contract: a button that shows and hides
// the form (aria-expanded); labelled fields; a problem is shown beside the field it concerns, prefixed
// "Error:", tied to it with aria-describedby, and focus moves there; the outcome is announced (status on
// success, alert on failure) and nothing typed is lost when sending fails. With an `anchor`, a link to it
// ("#suggest-correction", "Suggest a correction: add a phone number") opens the form and focuses its text.

type Sending = { state: "editing" } | { state: "sending" } | { state: "sent" };

export function CorrectionForm({
  subject,
  subjectId,
  subjectName,
  anchor,
}: {
  subject: Exclude<CorrectionSubject, "translation">;
  subjectId: number;
  subjectName: string;
  /** The section's id, for links that open the form. */
  anchor?: string;
}) {
  const t = useT();
  const pageLanguage = useLanguage();
  const problemText = useFailureText("corrections");
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [whatIsWrong, setWhatIsWrong] = useState("");
  const [sourceUrl, setSourceUrl] = useState("");
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<{
    field: "text" | "url" | "email" | "form";
    message: string;
  } | null>(null);
  const [sending, setSending] = useState<Sending>({ state: "editing" });
  const textRef = useRef<HTMLTextAreaElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // A plain link to the anchor changes the page's #hash without the router: on arrival and on each change.
  useEffect(() => {
    if (anchor === undefined) return;
    let focusing = 0;
    const openIfLinked = () => {
      if (window.location.hash !== `#${anchor}`) return;
      setOpen(true);
      // Once the form is shown (the state above applies before the next frame).
      focusing = requestAnimationFrame(() => textRef.current?.focus());
    };
    const arrival = requestAnimationFrame(openIfLinked);
    window.addEventListener("hashchange", openIfLinked);
    return () => {
      cancelAnimationFrame(arrival);
      cancelAnimationFrame(focusing);
      window.removeEventListener("hashchange", openIfLinked);
    };
  }, [anchor]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { whatIsWrong, sourceUrl, email };
    const found = correctionFieldProblem(input);
    if (found) {
      const field = found.field === "sourceUrl" ? "url" : found.field === "email" ? "email" : "text";
      const { id, values } = problemMessages[found.key];
      setProblem({ field, message: t(id, values) });
      ({ text: textRef, url: urlRef, email: emailRef })[field].current?.focus();
      return;
    }
    setProblem(null);
    setSending({ state: "sending" });
    try {
      await sendCorrection({
        subject,
        subjectId,
        whatIsWrong: whatIsWrong.trim(),
        sourceUrl: sourceUrl.trim(),
        email: email.trim(),
        // So a reply (the change it led to) is in the language the sender reads.
        pageLanguage,
      });
      setSending({ state: "sent" });
    } catch (error) {
      setSending({ state: "editing" });
      setProblem({
        field: "form",
        message: problemText(error, { other: t("corrections.form.sendFailed") }),
      });
    }
  }

  const errorId = (field: string) => `${ids}-${field}-error`;
  const errorFor = (field: "text" | "url" | "email") =>
    problem?.field === field ? (
      <p id={errorId(field)} className={styles.error}>
        <T
          id="corrections.form.error"
          values={{ message: problem.message }}
          components={{ hidden: <span className="visually-hidden" /> }}
        />
      </p>
    ) : null;

  return (
    <section id={anchor} aria-labelledby={`${ids}-heading`} className={styles.correction}>
      <h2 id={`${ids}-heading`} className={styles.heading}>
        {t("corrections.form.heading")}
      </h2>
      {sending.state === "sent" ? (
        <p role="status" className={styles.sent}>
          {t("corrections.form.sent")}
        </p>
      ) : (
        <>
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={open}
            aria-controls={`${ids}-form`}
            onClick={() => setOpen((value) => !value)}
          >
            {t("corrections.form.suggest")}
          </button>
          <form id={`${ids}-form`} hidden={!open} className={styles.form} onSubmit={send} noValidate>
            <p className={styles.hint}>{t("corrections.form.hint", { name: subjectName })}</p>
            <div className={styles.field}>
              <label htmlFor={`${ids}-text`}>{t("corrections.form.whatIsWrong")}</label>
              <textarea
                ref={textRef}
                id={`${ids}-text`}
                rows={4}
                maxLength={CORRECTION_TEXT_MAX_LENGTH}
                value={whatIsWrong}
                aria-invalid={problem?.field === "text" || undefined}
                aria-describedby={problem?.field === "text" ? errorId("text") : undefined}
                onChange={(event) => setWhatIsWrong(event.target.value)}
              />
              {errorFor("text")}
            </div>
            <div className={styles.field}>
              <label htmlFor={`${ids}-url`}>{t("corrections.form.source")}</label>
              <input
                ref={urlRef}
                id={`${ids}-url`}
                type="url"
                inputMode="url"
                // The start of a web address, the same in every language.
                // eslint-disable-next-line i18n/no-hardcoded-text
                placeholder="https://"
                value={sourceUrl}
                aria-invalid={problem?.field === "url" || undefined}
                aria-describedby={problem?.field === "url" ? errorId("url") : undefined}
                onChange={(event) => setSourceUrl(event.target.value)}
              />
              {errorFor("url")}
            </div>
            <div className={styles.field}>
              <label htmlFor={`${ids}-email`}>{t("corrections.form.email")}</label>
              <input
                ref={emailRef}
                id={`${ids}-email`}
                type="email"
                autoComplete="email"
                value={email}
                aria-invalid={problem?.field === "email" || undefined}
                aria-describedby={problem?.field === "email" ? errorId("email") : undefined}
                onChange={(event) => setEmail(event.target.value)}
              />
              {errorFor("email")}
            </div>
            {problem?.field === "form" ? (
              <p role="alert" className={styles.error}>
                {problem.message}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={sending.state === "sending"}>
              {sending.state === "sending" ? t("corrections.form.sending") : t("corrections.form.send")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
