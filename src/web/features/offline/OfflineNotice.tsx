import { T } from "../../i18n/T";
import { useOnline } from "./use-online";
import styles from "./OfflineNotice.module.css";

/**
 * "You are offline", in the page's flow below the header (it covers nothing), while the browser has no
 * connection. The status region is always in the page, empty when online, so screen readers announce the
 * notice when it appears.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" className={online ? undefined : styles.notice}>
      {online ? null : (
        <p className={`container ${styles.text}`}>
          <T id="common.offlineNotice" components={{ strong: <strong /> }} />
        </p>
      )}
    </div>
  );
}
