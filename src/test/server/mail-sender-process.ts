import { openDatabase } from "../../server/db/database";
import { deliverDueMail } from "../../server/mail/outbox";
import { createSmtpTransport } from "../../server/mail/transports";

// One round of the mail outbox in a process of its own, against the database and SMTP server named in
// its environment: the sender the outbox's crash test kills in the middle of a send.
//   OUTBOX_DATABASE_URL (PostgreSQL) or OUTBOX_PGLITE_DIR, SMTP_URL, MAIL_FROM,
//   OUTBOX_CLOCK_OFFSET_MS: how far ahead of the real time this process's clock runs (a lease ended).

const offsetMs = Number(process.env.OUTBOX_CLOCK_OFFSET_MS ?? 0);
const database = await openDatabase(
  process.env.OUTBOX_DATABASE_URL
    ? { kind: "postgres", url: process.env.OUTBOX_DATABASE_URL }
    : { kind: "pglite", dataDir: process.env.OUTBOX_PGLITE_DIR },
);
const transport = createSmtpTransport({ url: process.env.SMTP_URL ?? "", from: process.env.MAIL_FROM ?? "" });
const round = await deliverDueMail({
  db: database.db,
  transport,
  now: () => new Date(Date.now() + offsetMs),
});
console.log(JSON.stringify(round));
transport.close();
await database.close();
