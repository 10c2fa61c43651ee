import { NamespacesLoadFailed, useT } from "../i18n";

/**
 * An error page whose own messages could not be fetched: the shell's words and a link that reloads. Its
 * title ("Something went wrong") is its route's meta's (errorPageMeta).
 */
export function MessagesLoadFailedPage() {
  const t = useT();
  const title = t("common.somethingWentWrong");
  return (
    <div className="container">
      <h1>{title}</h1>
      <NamespacesLoadFailed />
    </div>
  );
}
