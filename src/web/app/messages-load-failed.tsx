import { NamespacesLoadFailed, useT } from "../i18n";
import { pageTitle } from "./page-title";

/** An error page whose own messages could not be fetched: the shell's words and a link that reloads. */
export function MessagesLoadFailedPage() {
  const t = useT();
  const title = t("common.somethingWentWrong");
  return (
    <div className="container">
      <title>{pageTitle(title)}</title>
      <h1>{title}</h1>
      <NamespacesLoadFailed />
    </div>
  );
}
