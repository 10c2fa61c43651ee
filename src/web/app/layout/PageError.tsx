import { useEffect, useRef } from "react";
import { paths } from "../../../domain/routes";
import { useT } from "../../i18n/language-context";
import { Link } from "../../i18n/links";

/**
 * A signed-in page that failed to render (a bug, a chunk that no longer exists after a deploy): said in the
 * page's language inside the dashboard, whose menu stays usable, instead of the root's page taking the
 * whole screen. A refused or failed read is no error here: the page's list shell says it, with Retry. Its
 * heading takes focus, as a page's does on navigation, so a screen reader starts reading there.
 */
export function PageError() {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div>
      <h1 ref={heading} tabIndex={-1}>
        {t("common.somethingWentWrong")}
      </h1>
      <p>{t("common.somethingWentWrongText")}</p>
      <Link className="button" to={paths.home()}>
        {t("common.backToHome")}
      </Link>
    </div>
  );
}
