import { T } from "../../i18n";
import styles from "./HistoryPage.module.css";

/** "Follow the changes: Atom feed or JSON." The same changes as the page, for feed readers and scripts. */
export function FeedLinks({ atom, json }: { atom: string; json: string }) {
  return (
    <p className={styles.feeds}>
      <T
        id="history.feeds"
        components={{
          // The links' words come from the message (<atom>…</atom>, <json>…</json>).
          // eslint-disable-next-line jsx-a11y/anchor-has-content
          atom: <a href={atom} type="application/atom+xml" />,
          // eslint-disable-next-line jsx-a11y/anchor-has-content
          json: <a href={json} type="application/json" />,
        }}
      />
    </p>
  );
}
