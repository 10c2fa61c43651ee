import { useId, useState } from "react";
import { useT } from "../i18n/language-context";
import styles from "./ExpandableText.module.css";

export const TRUNCATE_AT = 300;

/** Long text shows its first 300 characters with Read More / Read Less (spec §9). */
export function ExpandableText({ text, limit = TRUNCATE_AT }: { text: string; limit?: number }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (text.length <= limit) return <p className={styles.text}>{text}</p>;
  const shown = expanded ? text : `${text.slice(0, limit).trimEnd()}…`;
  return (
    <div>
      <p id={id} className={styles.text}>
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
