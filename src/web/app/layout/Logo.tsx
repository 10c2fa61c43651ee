import { name as siteName } from "../../../../data/site.json";
import styles from "./Logo.module.css";

/** The product's name with a small mark; the text is the accessible name of the home link. */
export function Logo() {
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="#0b5d3b" />
        <path d="M9 17.5 14 22l9-11" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className={styles.name}>{siteName}</span>
    </span>
  );
}
