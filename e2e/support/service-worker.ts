import { expect, type Page } from "@playwright/test";

/**
 * What the page's service worker is doing: "in control" once it answers the page's requests, else the
 * states of the registration's workers (so a test that waits in vain says where installing stopped).
 */
export function serviceWorkerState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    if (navigator.serviceWorker.controller) return "in control";
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return "not registered";
    const { installing, waiting, active } = registration;
    return `registered, not in control: installing ${installing?.state ?? "none"}, waiting ${
      waiting?.state ?? "none"
    }, active ${active?.state ?? "none"}`;
  });
}

/**
 * Waits until the service worker controls the page: registered after the load event, installed, activated,
 * and the page claimed (at activation, or when the page sends it what it loaded, for a page that was still
 * loading when the worker activated). On failure, the last state says which step never came.
 */
export async function expectServiceWorkerInControl(page: Page): Promise<void> {
  await expect
    .poll(
      () => serviceWorkerState(page),
      // Installing means fetching and keeping the build's files: under CI's load (10 on 2 cores) it took
      // longer than the expect timeout.
      { message: "the service worker in control of the page", timeout: 60_000 },
    )
    .toBe("in control");
}
