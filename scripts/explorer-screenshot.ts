import { chromium } from "@playwright/test";
import { startBuiltServer } from "../e2e/support/server.ts";

// The README's picture of the explorer (docs/images/explorer.png): the built app, started as the end-to-end
// tests start it, the explorer's indicators and its map of the laws passed by 2015 on a 1280 px wide page. Run after
// `npm run build`: `npx tsx scripts/explorer-screenshot.ts`.

const server = await startBuiltServer({ dataDirPrefix: "explorer-screenshot-" });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${server.baseUrl}/states?view=map&year=2015`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  const explorer = page.getByRole("region", { name: "Explore the data" });
  // An island: its code comes when it nears the screen, and its buttons show once it has hydrated.
  await explorer.scrollIntoViewIfNeeded();
  await page.locator("section[data-interactive='true']").waitFor();
  await explorer.getByTestId("spread-map").waitFor();
  // The sticky header would otherwise sit over the explorer in the stitched picture (set through the CSSOM,
  // which the Content-Security-Policy allows, unlike a <style> element).
  await page.evaluate(() => {
    const header = document.querySelector("header");
    if (header) header.style.position = "static";
  });
  await explorer.screenshot({ path: "docs/images/explorer.png" });
  console.log("wrote docs/images/explorer.png");
} finally {
  await browser.close();
  await server.stop();
}
