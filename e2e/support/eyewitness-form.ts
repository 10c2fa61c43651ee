import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

// The eyewitness form as the offline and sign-out specs drive it.

export const comment = (page: Page) => page.getByLabel("Comment");

/** Fills in everything the form asks for: Lagos, Ikeja, 20 November 2026, a barrier, and `text`. */
export async function fillIn(page: Page, text: string) {
  await page.getByLabel("State", { exact: true }).selectOption({ label: "Lagos" });
  await page.getByLabel("Local government area", { exact: true }).selectOption({ label: "Ikeja" });
  await page.getByLabel("Date it happened").fill("2026-11-20");
  await page.getByRole("radio", { name: "Barrier" }).check();
  await comment(page).fill(text);
}

/**
 * Waits until the code that keeps a report on the device and sends it later has been fetched: the layout
 * loads it after the page's load event, and without a connection it could not be fetched any more.
 */
export async function waitForOutboxCode(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const loaded = performance
            .getEntriesByType("resource")
            .map((entry) => new URL(entry.name).pathname);
          return ["OutboxSender", "outbox", "report-store"].filter(
            (name) => !loaded.some((path) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`).test(path)),
          );
        }),
      { message: "the outbox's code, still to be fetched" },
    )
    .toEqual([]);
}
