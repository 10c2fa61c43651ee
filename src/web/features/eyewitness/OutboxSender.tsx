import { lazy, Suspense, useEffect, useState } from "react";
import { NamespacesLoadFailed, useNamespaces, useT } from "../../i18n";
import { OUTBOX_CHANGED } from "../../lib/outbox-event";
import { askForOutboxSync, isSendOutboxMessage } from "../../lib/outbox-sync";
import { session, useSessionUser } from "../../lib/session";
import styles from "./OutboxSender.module.css";

// Mounted once by the app layout (root.tsx), so on every page: sends the reports the signed-in user
// submitted without a connection as soon as it returns (the online event, or the service worker's word
// when Background Sync fires) or on the next visit, and says how many wait. With no page open, the service
// worker sends them itself (lib/outbox-worker.ts) with the token this keeps renewed while reports wait. Two tabs never send one
// report twice: flushOutbox runs under a Web Lock, and the server stores one report per idempotency key. Kept
// small because every page loads it: the outbox and IndexedDB code (outbox.ts) is imported only when a
// user is signed in. Its sentences are in the `report` namespace, loaded here once there is something to say
// (a page need not load it for this).

/** Something to tell: reports sent, or one refused (the server's failure, said by OutboxRefusedNote). */
type Note = { sent: number } | { refused: unknown };

const OutboxRefusedNote = lazy(() => import("./OutboxRefusedNote"));

export function OutboxSender() {
  const t = useT();
  const user = useSessionUser();
  const userId = user?.id ?? null;
  // Each figure is kept with the user it is about: after a change of account, the last one's is not shown.
  const [waitingOf, setWaitingOf] = useState({ userId, count: 0 });
  const [notesOf, setNotesOf] = useState({ userId, notes: [] as Note[] });
  const waiting = waitingOf.userId === userId ? waitingOf.count : 0;
  const notes = notesOf.userId === userId ? notesOf.notes : [];

  useEffect(() => {
    if (userId === null) return;
    const setWaiting = (count: number) => setWaitingOf({ userId, count });
    const setNotes = (notes: Note[]) => setNotesOf({ userId, notes });
    const controller = new AbortController();
    // Counts overlap (one per report sent, one per run) and may finish in any order: only the latest
    // asked for is shown, so an older, higher count never replaces a newer one.
    let countsAsked = 0;
    const run = async () => {
      const [{ flushOutbox }, { countWaiting, renewCredential, takeSentByWorker }] = await Promise.all([
        import("./outbox"),
        import("./report-store"),
      ]);
      const latestCount = async (): Promise<number | null> => {
        const asked = ++countsAsked;
        const value = await countWaiting(userId);
        return asked === countsAsked && !controller.signal.aborted ? value : null;
      };
      const count = () =>
        latestCount().then((value) => {
          if (value !== null) setWaiting(value);
        });
      await count();
      // The service worker sends with the session's current token when no page is open: renewed while
      // reports wait, deleted when none does (docs/security.md).
      const token = session.current()?.id === userId ? session.current()?.token : undefined;
      if (token) await renewCredential(userId, token);
      // Reports the service worker sent with no page open: said once, by the first page that runs.
      const sentByWorker = await takeSentByWorker(userId);
      if (sentByWorker > 0 && !controller.signal.aborted) setNotes([{ sent: sentByWorker }]);
      if (controller.signal.aborted || !navigator.onLine) return;
      const result = await flushOutbox(userId, { signal: controller.signal, onProgress: () => void count() });
      if (controller.signal.aborted) return;
      const said: Note[] = [
        ...(result.sent > 0 ? [{ sent: result.sent }] : []),
        ...result.refused.map((refused) => ({ refused })),
      ];
      // What was sent and what still waits change in one render: never "2 were sent" beside a count
      // from before the last one went.
      const remaining = await latestCount();
      if (controller.signal.aborted) return;
      if (remaining !== null) setWaiting(remaining);
      if (said.length > 0) setNotes(said);
      // The connection went before all were sent: the browser wakes the service worker when it is back.
      // Not while online (the server failing): a sync asked for online fires at once, and would loop.
      if (remaining !== null && remaining > 0 && !navigator.onLine) askForOutboxSync();
    };
    // No IndexedDB (a private window in some browsers): nothing was kept, so nothing waits.
    const start = () => void run().catch(() => undefined);
    // Background Sync's wake-up: the service worker says the connection is back (sw.ts).
    // It answers that this page sends them, or the worker would send them itself (with no page open).
    const onWorkerMessage = (event: MessageEvent) => {
      if (!isSendOutboxMessage(event.data)) return;
      event.ports[0]?.postMessage({ type: "sending-outbox" });
      start();
    };
    const worker = "serviceWorker" in navigator ? navigator.serviceWorker : null;
    start();
    window.addEventListener("online", start);
    window.addEventListener(OUTBOX_CHANGED, start);
    worker?.addEventListener("message", onWorkerMessage);
    return () => {
      controller.abort();
      window.removeEventListener("online", start);
      window.removeEventListener(OUTBOX_CHANGED, start);
      worker?.removeEventListener("message", onWorkerMessage);
    };
  }, [userId]);

  // The sentences, once something is to be said: loaded for the page's language, then kept.
  const needed = waiting > 0 || notes.length > 0;
  const messages = useNamespaces(needed ? ["report"] : []);
  const ready = needed && messages === "ready";

  return (
    <div role="status" className={styles.outbox}>
      {/* The status region around it already announces it. */}
      {messages === "failed" ? <NamespacesLoadFailed announced /> : null}
      {ready && waiting > 0 ? <p>{t("report.outbox.waiting", { count: waiting })}</p> : null}
      {ready
        ? notes.map((note, index) =>
            "sent" in note ? (
              <p key={index}>{t("report.outbox.sent", { count: note.sent })}</p>
            ) : (
              <Suspense key={index} fallback={null}>
                <OutboxRefusedNote refused={note.refused} />
              </Suspense>
            ),
          )
        : null}
    </div>
  );
}
