import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import {
  CORRECTION_PAGE_MAX_LENGTH,
  CORRECTION_TEXT_MAX_LENGTH,
  correctionFieldProblems,
  sitePath,
  translationProblems,
} from "../../../domain/corrections/correction-rules";
import { DEFAULT_LANGUAGE } from "../../../i18n/languages";
import { useLanguage, useFailureText, useT } from "../../i18n";
import { languageOfPathname, languages } from "../../i18n/runtime";
import { ApiError } from "../../lib/api-client";
import { ErrorSummary } from "../../ui/form/ErrorSummary";
import { describedBy, FieldFrame } from "../../ui/form/Field";
import formStyles from "../../ui/form/form.module.css";
import { fieldError, formProblem, type FieldProblem, type FormProblem } from "../../ui/form/form-problem";
import { FormPanel } from "../../ui/form/FormPanel";
import { SelectField } from "../../ui/form/SelectField";
import { SubmitButton } from "../../ui/form/SubmitButton";
import { EmailField, TextField } from "../../ui/form/TextField";
import { toast } from "../../ui/toast/toast-store";
import { useHydrated } from "../../ui/useHydrated";
import { sendCorrection } from "./send-correction";
import { problemMessages } from "./problem-messages";
import correctionStyles from "./CorrectionForm.module.css";
import styles from "./TranslationFeedbackPage.module.css";

// "Tell us about a translation mistake": where the draft notice of a Hausa, Yoruba, Igbo or
// Pidgin page leads. The page the visitor came from arrives as ?page= and fills in the page and the
// language; both can be changed. The message joins the moderators' corrections queue. Accessibility: the
// error summary takes focus and links to each field; every field keeps what was typed when sending fails;
// after sending, focus moves to the "Thank you" heading.

const ids = {
  language: "translation-language",
  page: "translation-page",
  text: "translation-text",
  email: "translation-email",
} as const;

/** The form's field for each field of the API's body. */
const fieldIdOf: Record<string, string> = {
  language: ids.language,
  page: ids.page,
  whatIsWrong: ids.text,
  email: ids.email,
};

const translated = languages.filter((language) => language.code !== DEFAULT_LANGUAGE);
const translatedCodes = translated.map((language) => language.code);

export function TranslationFeedbackPage() {
  const t = useT();
  const problemText = useFailureText("corrections");
  const pageLanguage = useLanguage();
  // The query is unknown to the prerendered HTML: read once hydrated, so both renders agree.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const cameFrom = hydrated ? (params.get("page") ?? "").slice(0, CORRECTION_PAGE_MAX_LENGTH) : "";
  const cameFromLanguage = languageOfPathname(cameFrom);
  const suggestedLanguage = translatedCodes.includes(cameFromLanguage)
    ? cameFromLanguage
    : translatedCodes.includes(pageLanguage)
      ? pageLanguage
      : "";

  // null until the visitor changes the field: until then it follows the page they came from.
  const [languageChosen, setLanguage] = useState<string | null>(null);
  const [pageTyped, setPage] = useState<string | null>(null);
  const [whatIsWrong, setWhatIsWrong] = useState("");
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [loading, setLoading] = useState(false);
  const [sent, setSent] = useState(false);
  // After "Tell us about another mistake" the button that had focus is gone: focus goes to the form's h1.
  const [again, setAgain] = useState(false);
  const language = languageChosen ?? suggestedLanguage;
  const page = pageTyped ?? cameFrom;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const found = [
      ...translationProblems({ language, page }, translatedCodes),
      ...correctionFieldProblems({ whatIsWrong, sourceUrl: "", email }),
    ];
    if (found.length > 0) {
      const fields = found.map(({ field, key }) => {
        const { id, values } = problemMessages[key];
        return { fieldId: fieldIdOf[field] ?? ids.text, message: t(id, values) };
      });
      setProblem(formProblem(undefined, fields));
      return;
    }
    setProblem(null);
    setLoading(true);
    try {
      await sendCorrection({
        subject: "translation",
        language,
        page: page.trim(),
        whatIsWrong: whatIsWrong.trim(),
        email: email.trim(),
        pageLanguage,
      });
      toast.success(t("corrections.form.sent"));
      setSent(true);
    } catch (error) {
      const message = problemText(error, { other: t("corrections.form.sendFailed") });
      toast.error(message);
      const field = error instanceof ApiError && error.field ? fieldIdOf[error.field] : undefined;
      const fields: FieldProblem[] = field ? [{ fieldId: field, message }] : [];
      setProblem(formProblem(message, fields));
    } finally {
      setLoading(false);
    }
  }

  function another() {
    setSent(false);
    setAgain(true);
    // The page and language stay as sent: a second mistake is most often on the same page.
    setWhatIsWrong("");
  }

  if (sent) {
    const back = sitePath(page);
    return (
      <FormPanel key="sent" title={t("corrections.translation.sentTitle")} focusHeading>
        <p className={correctionStyles.sent}>{t("corrections.form.sent")}</p>
        <div className={styles.actions}>
          {back ? (
            // The page as the visitor gave it, in its own language: not localized again.
            <a className="button" href={back}>
              {t("corrections.translation.backToPage")}
            </a>
          ) : null}
          <button type="button" className="button button--secondary" onClick={another}>
            {t("corrections.translation.another")}
          </button>
        </div>
      </FormPanel>
    );
  }

  const languageError = fieldError(problem, ids.language);
  const textError = fieldError(problem, ids.text);
  return (
    <FormPanel key="form" title={t("corrections.translation.title")} focusHeading={again}>
      <p className={styles.lead}>{t("corrections.translation.lead")}</p>
      <form noValidate onSubmit={submit}>
        {problem ? <ErrorSummary problem={problem} /> : null}
        <SelectField
          id={ids.language}
          label={t("corrections.translation.language")}
          value={language}
          onChange={setLanguage}
          error={languageError}
        >
          <option value="">{t("corrections.translation.chooseLanguage")}</option>
          {translated.map((option) => (
            <option key={option.code} value={option.code} lang={option.code}>
              {option.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id={ids.page}
          label={t("corrections.translation.page")}
          hint={t("corrections.translation.pageHint")}
          value={page}
          onChange={setPage}
          maxLength={CORRECTION_PAGE_MAX_LENGTH}
          spellCheck={false}
          autoCapitalize="none"
          required
          error={fieldError(problem, ids.page)}
        />
        <FieldFrame id={ids.text} label={t("corrections.translation.whatIsWrong")} error={textError}>
          <textarea
            id={ids.text}
            className={formStyles.input}
            rows={5}
            maxLength={CORRECTION_TEXT_MAX_LENGTH}
            value={whatIsWrong}
            required
            onChange={(event) => setWhatIsWrong(event.target.value)}
            aria-invalid={textError ? true : undefined}
            aria-describedby={describedBy(ids.text, { error: textError })}
          />
        </FieldFrame>
        <EmailField
          id={ids.email}
          label={t("corrections.form.email")}
          value={email}
          onChange={setEmail}
          error={fieldError(problem, ids.email)}
        />
        <SubmitButton loading={loading}>{t("corrections.translation.send")}</SubmitButton>
      </form>
    </FormPanel>
  );
}
