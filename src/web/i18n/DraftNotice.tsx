import { useLocation } from "react-router";
import { addressWithoutSecrets, paths } from "../../domain/routes";
import { useLanguage } from "./language-context";
import { Link } from "./links";
import { languageInfo } from "./runtime";
import { T } from "./T";

// Pages in a language whose catalogue no fluent reviewer has checked yet say so, and link to the form for a
// translation mistake, which fills in this page's address (an e-mailed link's token left out) and language;
// what is sent there joins the moderators' corrections queue.

export function DraftNotice() {
  const language = useLanguage();
  // The path only: the prerendered HTML knows no query, and a query can carry what others must not read
  // (an admin's search for a person's e-mail address).
  const { pathname } = useLocation();
  if (languageInfo(language)?.status !== "draft") return null;
  const onTheForm = pathname.endsWith(paths.translationFeedback());
  const link = (
    <Link
      to={
        onTheForm
          ? paths.translationFeedback()
          : paths.translationFeedback(addressWithoutSecrets(pathname, ""))
      }
    />
  );
  return (
    <p className="container draft-notice" role="note">
      <T id="common.draftNotice" components={{ link }} />
    </p>
  );
}
