import { paths } from "../../domain/routes";
import { DEFAULT_LANGUAGE, localizePath } from "../../i18n/languages";
import { composeMail, emailText, greeting, type OutgoingMail } from "../mail/compose";

// The e-mails of the accounts module, in the recipient's language (the "email" catalogue), with links to
// the pages in that language. Links are built from PUBLIC_URL, never from the request's Host header
// (docs/architecture.md), so a forged Host cannot send someone's token elsewhere.

interface Recipient {
  email: string;
  firstname: string;
  /** The account's language (a catalogue's code); English when not given. */
  language?: string;
}

/** What every e-mail here starts from: its language, its messages, the greeting, links in the language. */
function framing(to: Recipient, publicUrl: string) {
  const language = to.language ?? DEFAULT_LANGUAGE;
  return {
    language,
    t: emailText(language),
    hello: greeting(to.firstname, language),
    link: (path: string) => `${publicUrl}${localizePath(path, language)}`,
  };
}

/**
 * The link of one registration. `alsoRegistered`: an earlier registration of the address still waits, so
 * the owner learns that someone (perhaps they, perhaps not) registered with their address before.
 */
export function verificationEmail(
  to: Recipient,
  publicUrl: string,
  token: string,
  { alsoRegistered = false }: { alsoRegistered?: boolean } = {},
): OutgoingMail {
  const { language, t, hello, link } = framing(to, publicUrl);
  return composeMail(to.email, {
    language,
    subject: t("verification.subject"),
    heading: t("verification.heading"),
    paragraphs: [
      hello,
      t("verification.intro"),
      ...(alsoRegistered ? [t("verification.alsoRegistered")] : []),
    ],
    actions: [{ label: t("verification.action"), url: link(paths.verifyEmail(token)) }],
    closing: [t("verification.expiry"), t("verification.notYou")],
  });
}

export function passwordResetEmail(to: Recipient, publicUrl: string, token: string): OutgoingMail {
  const { language, t, hello, link } = framing(to, publicUrl);
  return composeMail(to.email, {
    language,
    subject: t("passwordReset.subject"),
    heading: t("passwordReset.heading"),
    paragraphs: [hello, t("passwordReset.intro")],
    actions: [{ label: t("passwordReset.action"), url: link(paths.resetPassword(token)) }],
    closing: [t("passwordReset.expiry"), t("passwordReset.notYou")],
  });
}

/** Sent instead of a verification link when someone registers with an address that has an account. */
export function alreadyRegisteredEmail(to: Recipient, publicUrl: string, resetToken: string): OutgoingMail {
  const { language, t, hello, link } = framing(to, publicUrl);
  return composeMail(to.email, {
    language,
    subject: t("alreadyRegistered.subject"),
    heading: t("alreadyRegistered.heading"),
    paragraphs: [hello, t("alreadyRegistered.intro"), t("alreadyRegistered.options")],
    actions: [
      { label: t("alreadyRegistered.signIn"), url: link(paths.login()) },
      { label: t("alreadyRegistered.choosePassword"), url: link(paths.resetPassword(resetToken)) },
    ],
    closing: [t("alreadyRegistered.expiry"), t("alreadyRegistered.notYou")],
  });
}

export function passwordChangedEmail(to: Recipient, publicUrl: string): OutgoingMail {
  const { language, t, hello, link } = framing(to, publicUrl);
  return composeMail(to.email, {
    language,
    subject: t("passwordChanged.subject"),
    heading: t("passwordChanged.heading"),
    paragraphs: [hello, t("passwordChanged.intro"), t("passwordChanged.advice")],
    actions: [{ label: t("passwordChanged.action"), url: link(paths.forgotPassword()) }],
  });
}
