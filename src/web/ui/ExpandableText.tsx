import { useId, useState } from "react";
import { useT } from "../i18n/language-context";
import styles from "./ExpandableText.module.css";

export const TRUNCATE_AT = 300;

/**
 * Long text shows its first 300 characters with Read More / Read Less. `lang` marks the text (not
 * the button, which speaks the page's language) when it is in another language than the page.
 */
export function ExpandableText({
  text,
  limit = TRUNCATE_AT,
  lang,
}: {
  text: string;
  limit?: number;
  lang?: string;
}) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (text.length <= limit)
    return (
      <p className={styles.text} lang={lang}>
        {text}
      </p>
    );
  const shown = expanded ? text : `${text.slice(0, limit).trimEnd()}…`;
  return (
    <div>
      <p id={id} className={styles.text} lang={lang}>
        {shown}
      </p>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((value) => !value)}
      >
        {t(expanded ? "common.readLess" : "common.readMore")}
      </button>
    </div>
  );
}
