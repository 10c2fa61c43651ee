import { useEffect, useState } from "react";
import { formatNumber } from "../../../domain/format";
import { OUTBOX_CHANGED } from "../../lib/outbox-event";
import { useSessionUser } from "../../lib/session";
import styles from "./OutboxSender.module.css";

// Mounted once by the app layout (root.tsx): sends the reports the signed-in user submitted without a
// connection as soon as it returns (the online event) or on the next visit, and says how many wait. Kept
// small because every page loads it: the outbox and IndexedDB code (outbox.ts) is imported only when a
// user is signed in.

const plural = new Intl.PluralRules("en-US");
const isOne = (count: number) => plural.select(count) === "one";

/** "1 report waiting to be sent", "2 reports waiting to be sent". */
export function waitingText(count: number): string {
  return `${formatNumber(count)} ${isOne(count) ? "report" : "reports"} waiting to be sent`;
}

/** The confirmation once reports kept on the device have reached the server. */
export function sentText(count: number): string {
  return isOne(count)
    ? "Your waiting report was sent. It is now waiting for review under My reports."
    : `${formatNumber(count)} waiting reports were sent. They are now waiting for review under My reports.`;
}

export function refusedText(message: string): string {
  return `A report kept on this device was not accepted: ${message} It is back in the Eyewitness report form for you to correct and send again.`;
}

export function OutboxSender() {
  const user = useSessionUser();
  const userId = user?.id ?? null;
  // Each figure is kept with the user it is about: after a change of account, the last one's is not shown.
  const [waitingOf, setWaitingOf] = useState({ userId, count: 0 });
  const [notesOf, setNotesOf] = useState({ userId, notes: [] as string[] });
  const waiting = waitingOf.userId === userId ? waitingOf.count : 0;
  const notes = notesOf.userId === userId ? notesOf.notes : [];

  useEffect(() => {
    if (userId === null) return;
    const setWaiting = (count: number) => setWaitingOf({ userId, count });
    const setNotes = (notes: string[]) => setNotesOf({ userId, notes });
    const controller = new AbortController();
    const run = async () => {
      const [{ flushOutbox }, { countWaiting }] = await Promise.all([
        import("./outbox"),
        import("./report-store"),
      ]);
      const count = () =>
        countWaiting(userId).then((value) => {
          if (!controller.signal.aborted) setWaiting(value);
        });
      await count();
      if (controller.signal.aborted || !navigator.onLine) return;
      const result = await flushOutbox(userId, { signal: controller.signal, onProgress: () => void count() });
      if (controller.signal.aborted) return;
      const said = [...(result.sent > 0 ? [sentText(result.sent)] : []), ...result.refused.map(refusedText)];
      if (said.length > 0) setNotes(said);
      await count();
    };
    // No IndexedDB (a private window in some browsers): nothing was kept, so nothing waits.
    const start = () => void run().catch(() => undefined);
    start();
    window.addEventListener("online", start);
    window.addEventListener(OUTBOX_CHANGED, start);
    return () => {
      controller.abort();
      window.removeEventListener("online", start);
      window.removeEventListener(OUTBOX_CHANGED, start);
    };
  }, [userId]);

  return (
    <div role="status" className={styles.outbox}>
      {waiting > 0 ? <p>{waitingText(waiting)}</p> : null}
      {notes.map((note, index) => (
        <p key={index}>{note}</p>
      ))}
    </div>
  );
}
