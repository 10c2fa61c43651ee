import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { expect } from "./fixtures";

// With no SMTP_URL the server writes every message as an .eml file in DATA_DIR/mail; the e2e tests read
// them here, once, and follow their links as a person would.

export interface ReceivedMail {
  file: string;
  subject: string;
  text: string;
  links: string[];
}

/** Every e-mail delivered so far to the address `to` (case-insensitive), oldest file name first. */
export async function mailTo(to: string): Promise<ReceivedMail[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run through playwright test (global setup).");
  const dir = path.join(dataDir, "mail");
  const found: ReceivedMail[] = [];
  for (const name of (await readdir(dir).catch(() => [] as string[]))
    .filter((file) => file.endsWith(".eml"))
    .sort()) {
    const file = path.join(dir, name);
    const mail = await simpleParser(await readFile(file));
    // The exact address: a part of it could be another test's address ("a@x.org" in "ba@x.org").
    const recipients = [mail.to ?? []]
      .flat()
      .flatMap((field) => field.value.map((recipient) => recipient.address?.toLowerCase()));
    if (!recipients.includes(to.toLowerCase())) continue;
    const text = mail.text ?? "";
    found.push({ file, subject: mail.subject ?? "", text, links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [] });
  }
  return found;
}

/**
 * Waits until an e-mail to `to` that `matches` arrives, among files not yet in `seen` (which it extends),
 * and returns it. The outbox worker delivers every couple of seconds.
 */
export async function waitForMail(
  to: string,
  matches: (mail: ReceivedMail) => boolean,
  seen = new Set<string>(),
): Promise<ReceivedMail> {
  let arrived: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        arrived = (await mailTo(to)).find((mail) => !seen.has(mail.file) && matches(mail));
        return arrived !== undefined;
      },
      { message: `an e-mail to ${to} arrives`, timeout: 25_000 },
    )
    .toBe(true);
  seen.add(arrived!.file);
  return arrived!;
}

/** The link in `mail` whose path starts with `pathPrefix`. */
export function linkTo(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.links.find((candidate) => new URL(candidate).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`"${mail.subject}" holds no link to ${pathPrefix}: ${mail.links.join(", ")}`);
  return link;
}

/** Waits for the verification e-mail to `email` and returns its link. */
export async function verificationLinkFor(email: string): Promise<string> {
  const mail = await waitForMail(email, (candidate) =>
    candidate.links.some((link) => link.includes("/verify-email/")),
  );
  return linkTo(mail, "/verify-email/");
}

/** Waits for the verification e-mail to `email` and returns the token in its link. */
export async function verificationTokenFor(email: string): Promise<string> {
  const link = new URL(await verificationLinkFor(email));
  return decodeURIComponent(
    link.pathname.slice(link.pathname.indexOf("/verify-email/") + "/verify-email/".length),
  );
}
