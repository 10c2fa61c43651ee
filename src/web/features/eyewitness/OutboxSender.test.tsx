import { act, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { signIn } from "../../../test/web/reports";
import type { OutboxRun, SendOptions } from "./outbox";
import { OutboxSender } from "./OutboxSender";

// The order in which the outbox's counts come back is the test's to choose: on a busy phone (and a busy
// test machine) an older count can arrive after a newer one.

const countAnswers: Array<(count: number) => void> = [];
let flush: { options: SendOptions; finish: (run: OutboxRun) => void } | null = null;

const renewed: Array<[number, string]> = [];
let sentByWorker = 0;

vi.mock("./report-store", () => ({
  countWaiting: () => new Promise<number>((resolve) => countAnswers.push(resolve)),
  renewCredential: async (userId: number, token: string) => {
    renewed.push([userId, token]);
  },
  takeSentByWorker: async () => {
    const sent = sentByWorker;
    sentByWorker = 0;
    return sent;
  },
}));
vi.mock("./outbox", () => ({
  flushOutbox: (_userId: number, options: SendOptions) =>
    new Promise<OutboxRun>((finish) => {
      flush = { options, finish };
    }),
}));

beforeEach(() => {
  countAnswers.length = 0;
  renewed.length = 0;
  sentByWorker = 0;
  flush = null;
  signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

/** Answers the count asked for `index`-th (from 0), then lets React render what follows. */
async function answerCount(index: number, count: number) {
  await waitFor(() => expect(countAnswers.length).toBeGreaterThan(index));
  await act(async () => countAnswers[index]?.(count));
}

describe("OutboxSender's count of waiting reports", () => {
  it("says what was sent together with what still waits, and an older count arriving late never replaces a newer one", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    render(
      <MemoryRouter>
        <OutboxSender />
      </MemoryRouter>,
    );
    const status = screen.getByRole("status");
    await answerCount(0, 2);
    await waitFor(() => expect(status).toHaveTextContent("2 reports waiting to be sent"));
    // The service worker's credential is renewed with the session's token before sending (with no page
    // open, it sends with it).
    await waitFor(() => expect(renewed).toEqual([[7, "session-token-of-amina"]]));

    // Both reports go: each one sent asks for a count (1, then 0), and neither has answered yet.
    await waitFor(() => expect(flush).not.toBeNull());
    act(() => flush?.options.onProgress?.());
    act(() => flush?.options.onProgress?.());
    await act(async () => flush?.finish({ sent: 2, refused: [] }));
    // Until the last count answers, nothing says they were sent beside a count from before.
    expect(status).not.toHaveTextContent("were sent");
    expect(countAnswers).toHaveLength(4);

    await answerCount(3, 0);
    await waitFor(() =>
      expect(status).toHaveTextContent(
        "2 waiting reports were sent. They are now waiting for review under My reports.",
      ),
    );
    expect(status).not.toHaveTextContent("waiting to be sent");

    // The counts asked while sending answer last, the older one last of all.
    await answerCount(2, 0);
    await answerCount(1, 1);
    expect(status).not.toHaveTextContent("waiting to be sent");
    expect(status).toHaveTextContent("2 waiting reports were sent.");
  });
});

describe("OutboxSender's wake-ups", () => {
  it("sends when the service worker says the connection is back (Background Sync), and when the page sees it", async () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, "serviceWorker", { value: worker, configurable: true });
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    try {
      render(
        <MemoryRouter>
          <OutboxSender />
        </MemoryRouter>,
      );
      // Offline: it counts what waits and sends nothing.
      await answerCount(0, 1);
      expect(flush).toBeNull();

      online.mockReturnValue(true);
      // Another message of the worker is not a wake-up.
      act(() => void worker.dispatchEvent(new MessageEvent("message", { data: { type: "cache-visited" } })));
      expect(countAnswers).toHaveLength(1);
      // It answers the worker that this page sends them (or the worker would send them itself).
      const answer = new MessageChannel();
      const answered = new Promise<unknown>((resolve) => {
        answer.port1.onmessage = (event) => resolve(event.data);
      });
      act(
        () =>
          void worker.dispatchEvent(
            new MessageEvent("message", { data: { type: "send-outbox" }, ports: [answer.port2] }),
          ),
      );
      expect(await answered).toEqual({ type: "sending-outbox" });
      answer.port1.close();
      await answerCount(1, 1);
      await waitFor(() => expect(flush).not.toBeNull());
      await act(async () => flush?.finish({ sent: 0, refused: [] }));
      await answerCount(2, 1);

      flush = null;
      act(() => void window.dispatchEvent(new Event("online")));
      await answerCount(3, 1);
      await waitFor(() => expect(flush).not.toBeNull());
    } finally {
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });
});

describe("OutboxSender after the service worker sent reports with no page open", () => {
  it("tells the reporter they were sent, once", async () => {
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    sentByWorker = 2;
    render(
      <MemoryRouter>
        <OutboxSender />
      </MemoryRouter>,
    );
    await answerCount(0, 0);
    const status = screen.getByRole("status");
    await waitFor(() =>
      expect(status).toHaveTextContent(
        "2 waiting reports were sent. They are now waiting for review under My reports.",
      ),
    );
    expect(sentByWorker).toBe(0);
  });
});
