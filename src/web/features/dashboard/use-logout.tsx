import { type ReactNode, useCallback, useRef, useState } from "react";
import { pageMessages, useNavigate, useT } from "../../i18n";
import { paths } from "../../../domain/routes";
import { loadOutbox, loadReportStore } from "../eyewitness/lazy";
import { apiRoute, isSessionEnded, request } from "../../lib/api-client";
import { session } from "../../lib/session";
import { currentToasts, toast } from "../../ui/toast/toast-store";
import { UnsentReportsDialog, type UnsentChoice } from "./UnsentReportsDialog";

/** In English (tests compare with it); the page shows dashboard.loggedOutOffline in its language. */
export const LOGGED_OUT_OFFLINE_MESSAGE =
  "You are logged out on this device, but the server could not be reached to end your session. It will expire on its own.";

const logoutRoute = apiRoute("accounts.logout", "POST", "/api/v1/auth/logout");

export interface UseLogoutOptions {
  /** Runs once the local session is cleared, before going home (closes the menu or overlay). */
  onLoggedOut?: () => void;
  /** Runs when the question about unsent reports is about to open (the account menu closes first). */
  onAsking?: () => void;
}

interface Question {
  userId: number;
  count: number;
  sending: boolean;
  problem: string | null;
}

/** The person's answer: what becomes of the unsent reports, or null to stay signed in. */
type Answer = "keep" | "delete" | null;

/** The account's reports still on this device; none when IndexedDB is unavailable (nothing was kept). */
async function unsentOf(userId: number) {
  try {
    return await (await loadReportStore()).unsentReports(userId);
  } catch {
    return { waiting: 0, refused: 0 };
  }
}

/**
 * Forgets the account's drafts, and its outbox unless kept. The app does the same for every end of a
 * session, keeping the outbox (app/forget-on-sign-out.ts); here it is awaited, with the person's answer.
 */
async function forgetOnDevice(userId: number, outbox: "keep" | "delete") {
  try {
    await (await loadReportStore()).forgetAccount(userId, outbox);
  } catch {
    // No IndexedDB: nothing was kept there.
  }
}

/** Ends the session on the server; false when the server could not be reached. */
async function endServerSession(): Promise<boolean> {
  try {
    await request(logoutRoute, {});
    return true;
  } catch (error) {
    if (!isSessionEnded(error)) return false;
    // The session had already ended on the server: logging out succeeded. The client's generic
    // 'Unauthorized! Logging Out...' notice, in whatever language the page is, would only confuse here:
    // it is the error on screen (a toast replaces those before it).
    for (const shown of currentToasts()) {
      if (shown.kind === "error") toast.dismiss(shown.id);
    }
    return true;
  }
}

/**
 * Logging out: the server ends the session (the token stops working), this browser forgets the
 * account (app/forget-on-sign-out.ts: the stored user, drafts, cached answers), 'Logout successful' is shown and the
 * visitor goes to the home page. The local session is cleared even when the server cannot be reached, and
 * the visitor is told so. With reports still unsent on this device, the person is asked first (`dialog`,
 * for the caller to render): send them now, keep them for this account's next sign-in, or delete them.
 */
export function useLogout({ onLoggedOut, onAsking }: UseLogoutOptions = {}): {
  logOut: () => Promise<void>;
  loggingOut: boolean;
  dialog: ReactNode;
} {
  const navigate = useNavigate();
  const t = useT();
  const [loggingOut, setLoggingOut] = useState(false);
  const inFlight = useRef(false);
  const [question, setQuestion] = useState<Question | null>(null);
  const answer = useRef<((choice: Answer) => void) | null>(null);
  const sending = useRef<AbortController | null>(null);
  const sentNow = useRef(0);

  const settle = useCallback((choice: Answer) => {
    sending.current?.abort();
    sending.current = null;
    setQuestion(null);
    answer.current?.(choice);
    answer.current = null;
  }, []);

  // "Send it now": one try per report, as the person waits; signing out follows only once none is left.
  const sendNow = useCallback(
    async (userId: number) => {
      const controller = new AbortController();
      sending.current = controller;
      setQuestion((asked) => asked && { ...asked, sending: true, problem: null });
      let sent = 0;
      // Another sender of this page (woken by the connection's return) may send some meanwhile: they count
      // as sent now too, for the person asked to send them.
      const before = await unsentOf(userId);
      try {
        const { flushOutbox } = await loadOutbox();
        sent = (await flushOutbox(userId, { signal: controller.signal, attempts: 1 })).sent;
      } catch {
        // Nothing more could be sent; what is left says why below.
      }
      if (controller.signal.aborted) return;
      // A 401 while sending has ended the session, keeping what is left for the next sign-in.
      if (session.current()?.id !== userId) {
        sentNow.current += sent;
        return settle("keep");
      }
      const left = await unsentOf(userId);
      const leftTheOutbox = before.waiting - left.waiting - Math.max(0, left.refused - before.refused);
      sentNow.current += Math.max(sent, leftTheOutbox);
      if (left.waiting + left.refused === 0) return settle("delete");
      setQuestion({
        userId,
        count: left.waiting + left.refused,
        sending: false,
        problem:
          left.refused > 0
            ? t("dashboard.unsent.refused")
            : t("dashboard.unsent.notSent", { count: left.waiting }),
      });
    },
    [settle, t],
  );

  const choose = useCallback(
    (choice: UnsentChoice, userId: number) => {
      if (choice === "send") void sendNow(userId);
      else settle(choice === "cancel" ? null : choice);
    },
    [sendNow, settle],
  );

  /** What becomes of the account's unsent reports: asked only when there are some. */
  const outboxChoice = useCallback(async (): Promise<Answer> => {
    const user = session.current();
    if (!user) return "delete";
    const unsent = await unsentOf(user.id);
    const count = unsent.waiting + unsent.refused;
    if (count === 0) return "delete";
    onAsking?.();
    return new Promise<Answer>((resolve) => {
      answer.current = resolve;
      setQuestion({ userId: user.id, count, sending: false, problem: null });
    });
  }, [onAsking]);

  const logOut = useCallback(async () => {
    if (inFlight.current) return; // a double click sends one request
    inFlight.current = true;
    setLoggingOut(true);
    sentNow.current = 0;
    try {
      // Public pages log out too (the site's sidebar) without having loaded the dashboard's messages,
      // which also hold the question about unsent reports.
      await pageMessages(new Request(window.location.href), ["dashboard"]).catch(() => undefined);
      const outbox = await outboxChoice();
      if (outbox === null) return; // the person stays signed in, with everything as it was
      const serverEndedSession = await endServerSession();
      const user = session.current();
      // First, and at once: a report form still open sees the session gone and writes no more drafts.
      session.signOut();
      if (!serverEndedSession) toast.warning(t("dashboard.loggedOutOffline"));
      else if (sentNow.current > 0)
        toast.success(t("dashboard.unsent.sentLoggedOut", { count: sentNow.current }));
      else toast.success(t("dashboard.loggedOut"));
      if (user) await forgetOnDevice(user.id, outbox);
      onLoggedOut?.();
      await navigate(paths.home(), { replace: true });
    } finally {
      inFlight.current = false;
      setLoggingOut(false);
    }
  }, [navigate, onLoggedOut, outboxChoice, t]);

  const dialog = question ? (
    <UnsentReportsDialog
      count={question.count}
      sending={question.sending}
      problem={question.problem}
      onChoose={(choice) => choose(choice, question.userId)}
    />
  ) : null;

  return { logOut, loggingOut, dialog };
}
