// How the outbox's senders are woken and told of, apart from outbox-event.ts (which every page loads): only
// the lazily loaded outbox code and the service worker need these.

/**
 * The Background Sync tag a page registers when reports wait (where the browser has Background Sync): the
 * service worker gets it once the connection is back and tells the open pages to send them; with none
 * open, or none answering, it sends them itself (outbox-worker.ts).
 */
export const OUTBOX_SYNC_TAG = "eyewitness-outbox";

/**
 * The service worker's message to the open pages: the connection is back, send the waiting reports. A page
 * that sends them answers on the port that comes with it.
 */
export interface SendOutboxMessage {
  type: "send-outbox";
}

export function isSendOutboxMessage(data: unknown): data is SendOutboxMessage {
  return typeof data === "object" && data !== null && (data as { type?: unknown }).type === "send-outbox";
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the connection is back (Background Sync), so the
 * waiting reports go even when no page notices the connection return. Nothing where it is not supported.
 */
export function askForOutboxSync(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}

/** Fired on window when a report has left the outbox because the server has it (My reports lists it then). */
export const OUTBOX_SENT = "eyewitness-outbox-sent";
