import { useId } from "react";
import { useEnglishContentLang, useT } from "../../i18n";
import styles from "./EstimatesExplainer.module.css";

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** The value as printed ("7%", "25,000,000"). */
  text: string;
  /** A second cue beside colour: measured bars are solid, the others hatched. */
  measured: boolean;
}

/**
 * A horizontal bar chart in HTML (it reflows at any width) followed by its table view, which is what screen
 * readers read: the chart itself is hidden from them, the table carries every figure.
 */
export function ShareBars({
  bars,
  caption,
  valueHeading,
}: {
  bars: readonly Bar[];
  caption: string;
  valueHeading: string;
}) {
  const t = useT();
  const contentLang = useEnglishContentLang();
  const max = Math.max(...bars.map((bar) => bar.value), 0);
  const captionId = useId();
  return (
    <figure className={styles.figure} aria-labelledby={captionId}>
      <figcaption id={captionId} className={styles.figcaption}>
        {caption}
      </figcaption>
      <ul className={styles.bars} aria-hidden="true">
        {bars.map((bar) => (
          <li key={bar.key} className={styles.barRow}>
            <span className={styles.barLabel} lang={contentLang}>
              {bar.label}
            </span>
            <span className={styles.barTrack}>
              <span
                className={bar.measured ? styles.barMeasured : styles.barAssumed}
                style={{ width: `${max > 0 ? Math.max((bar.value / max) * 100, 1) : 0}%` }}
              />
              <span className={styles.barValue}>{bar.text}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.key} aria-hidden="true">
        <span className={`${styles.keySwatch} ${styles.barMeasured}`} /> {t("estimates.keyMeasured")}{" "}
        <span className={`${styles.keySwatch} ${styles.barAssumed}`} /> {t("estimates.keyAssumed")}
      </p>
      <table className={styles.table}>
        <caption className="visually-hidden">{t("estimates.tableCaption", { caption })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("estimates.estimate")}</th>
            <th scope="col">{valueHeading}</th>
            <th scope="col">{t("estimates.measuredColumn")}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row" lang={contentLang}>
                {bar.label}
              </th>
              <td>{bar.text}</td>
              <td>{bar.measured ? t("estimates.yes") : t("estimates.no")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
