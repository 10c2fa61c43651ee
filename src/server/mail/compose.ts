import { DEFAULT_LANGUAGE } from "../../i18n/languages";
import { escapeHtml } from "../http/escape-html";
import { translator } from "../i18n/server-messages";

// Every e-mail has a plain-text part and a simple accessible HTML part: a language, one heading, and
// links whose text says what they do (the address is also given in full for copying). Its words come
// from the "email" catalogue (src/i18n/catalogues/<language>/email.json) in the recipient's language.

/** The catalogue of every e-mail's text. */
export const EMAIL_NAMESPACE = "email";

/** The e-mail messages in a language (English for a language the site does not have). */
export function emailText(language: string) {
  return translator(language, EMAIL_NAMESPACE);
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The Message-ID header (`<…@domain>`), which the outbox fixes before the first attempt: a copy sent
   * again after a crash between the SMTP server's OK and the outbox's record of it is the same message to
   * mail servers and clients, which drop or thread the duplicate.
   */
  messageId?: string;
}

export interface MailAction {
  /** What following the link does, e.g. "Verify my e-mail address". */
  label: string;
  url: string;
}

export interface MailContent {
  /** The recipient's language (a catalogue's code): the HTML part's `lang`, the frame's words. */
  language: string;
  subject: string;
  heading: string;
  /** Plain sentences; user-written parts are escaped in the HTML. */
  paragraphs: string[];
  actions?: MailAction[];
  closing?: string[];
}

// Something a mail client would turn into a link: a scheme, "www.", an address, or a domain name.
const LINK_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}-]+\.[\p{L}]{2,}/iu;

/**
 * "Hello Ada," (in the e-mail's language) — or just "Hello," when the name could become a link or break the message: a name is
 * typed by whoever registers (maybe not the address's owner), so it must not be a way to send a link or
 * a line of text in our name. Control, format and line-break characters never reach an e-mail.
 */
export function greeting(firstname: string, language: string = DEFAULT_LANGUAGE): string {
  const name = firstname
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const t = emailText(language);
  return name === "" || LINK_LIKE.test(name) ? t("greetingNoName") : t("greeting", { name });
}

export function composeMail(to: string, content: MailContent): OutgoingMail {
  const actions = content.actions ?? [];
  const closing = content.closing ?? [];
  const t = emailText(content.language);
  const signature = t("signature");
  const text = [
    content.heading,
    ...content.paragraphs,
    ...actions.map((action) => `${action.label}:\n${action.url}`),
    ...closing,
    signature,
  ].join("\n\n");

  const paragraph = (body: string) => `<p style="margin:0 0 16px">${body}</p>`;
  const html = [
    "<!doctype html>",
    `<html lang="${escapeHtml(content.language)}">`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title>`,
    "</head>",
    '<body style="margin:0;padding:16px;background:#ffffff;color:#1a1a1a;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:600px">',
    `<h1 style="font-size:24px;line-height:1.3;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((text) => paragraph(escapeHtml(text))),
    ...actions.map((action) =>
      paragraph(
        `<a href="${escapeHtml(action.url)}" style="color:#0b4f8a;font-weight:bold;text-decoration:underline">${escapeHtml(action.label)}</a>` +
          `<br><span style="font-size:14px;word-break:break-all">${escapeHtml(t("copyAddress", { url: action.url }))}</span>`,
      ),
    ),
    ...closing.map((text) => paragraph(escapeHtml(text))),
    paragraph(escapeHtml(signature)),
    "</div>",
    "</body>",
    "</html>",
  ].join("\n");

  return { to, subject: content.subject, text, html };
}
