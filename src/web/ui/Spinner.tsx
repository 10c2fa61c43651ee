import { useT } from "../i18n/language-context";
import styles from "./Spinner.module.css";

/** A busy indicator with a text label (the label is what screen readers announce). */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t("common.loading")}</span>
    </div>
  );
}

/** The spinning ring alone, for a busy line that carries its own text (e.g. "Loading…" beside a list). */
export function SpinnerIcon() {
  return <span className={`${styles.spinner} ${styles.small}`} aria-hidden="true" />;
}
