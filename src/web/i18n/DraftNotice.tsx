import configuredContacts from "virtual:site-contacts";
import { paths } from "../../domain/routes";
import { useLanguage } from "./language-context";
import { Link } from "./links";
import { languageInfo } from "./runtime";
import { T } from "./T";

// Pages in a language whose catalogue no fluent reviewer has checked yet say so, and where to report a
// mistake: the site's contact address when the deployer set one (SITE_CONTACT_EMAIL), else the About page.

export function DraftNotice({ email = configuredContacts.email }: { email?: string }) {
  const language = useLanguage();
  if (languageInfo(language)?.status !== "draft") return null;
  const subject = encodeURIComponent(`Translation (${languageInfo(language)?.englishName ?? language})`);
  const link = email ? (
    // eslint-disable-next-line jsx-a11y/anchor-has-content -- <T> puts the message's words in the link
    <a href={`mailto:${email}?subject=${subject}`} />
  ) : (
    <Link to={paths.about()} />
  );
  return (
    <p className="container draft-notice" role="note">
      <T id="common.draftNotice" components={{ link }} />
    </p>
  );
}
