import { useEffect, useState } from "react";
import { checkPassword, PASSWORD_MIN_LENGTH } from "../../../domain/accounts/password-policy";
import { useT } from "../../i18n";
import styles from "./auth.module.css";

/** Quiet time after the last keystroke before the count of met rules is announced. */
export const HINTS_ANNOUNCE_DELAY_MS = 1000;

/**
 * The password rules beside a new-password field, each marked met or not as the visitor types: by a tick
 * or an empty circle and by visually hidden text ("done" / "not yet"), never by colour alone. Screen
 * readers get the list as the field's description (give the field aria-describedby={id}) and, once typing
 * pauses, one polite summary such as "3 of 5 password rules met", not an announcement per keystroke.
 */
export function PasswordHints({ id, password }: { id: string; password: string }) {
  const t = useT();
  const { rules } = checkPassword(password);
  const met = rules.filter((rule) => rule.met).length;
  const summary =
    password === ""
      ? ""
      : met === rules.length
        ? t("auth.password.allMet", { total: rules.length })
        : t("auth.password.someMet", { met, total: rules.length });
  const [announced, setAnnounced] = useState("");

  // Every keystroke restarts the wait; an unchanged count changes nothing in the region, so is not repeated.
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(summary), HINTS_ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [password, summary]);

  return (
    <div className={styles.hints}>
      <div id={id}>
        <p id={`${id}-title`} className={styles.hintsTitle}>
          {t("auth.password.hintsTitle")}
        </p>
        <ul className={styles.hintList} aria-labelledby={`${id}-title`}>
          {rules.map((rule) => (
            <li key={rule.id} className={rule.met ? styles.hintMet : styles.hintUnmet}>
              <span className={styles.hintMark} aria-hidden="true">
                {rule.met ? "✓" : "○"}
              </span>
              {t(`auth.password.hint.${rule.id}`, { min: PASSWORD_MIN_LENGTH })}
              <span className="visually-hidden">
                {` ${rule.met ? t("auth.password.done") : t("auth.password.notYet")}`}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </p>
    </div>
  );
}
