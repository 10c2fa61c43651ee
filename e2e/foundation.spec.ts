import { expect, test } from "./support/fixtures";

test("the health endpoint answers when the database answers", async ({ request }) => {
  const response = await request.get("/api/v1/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ success: true, database: "up" });
});

test("an unknown API path answers 404 JSON", async ({ request }) => {
  const response = await request.get("/api/v1/no-such-thing");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({
    success: false,
    message: "There is no API endpoint GET /api/v1/no-such-thing.",
    code: "NOT_FOUND",
    problem: { key: "code.NOT_FOUND", params: {} },
  });
});

test("a page carries its own script policy and every other security header of the API", async ({
  request,
}) => {
  const [page, api] = await Promise.all([request.get("/states/25"), request.get("/api/v1/health")]);
  const pageHeaders = page.headers();
  const apiHeaders = api.headers();
  expect(pageHeaders["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  for (const [name, value] of Object.entries(apiHeaders)) {
    if (
      name === "content-security-policy" ||
      !/^(x-|cross-origin|origin-agent|strict-transport|referrer)/.test(name)
    ) {
      continue;
    }
    expect(pageHeaders[name], name).toBe(value);
  }
  expect(pageHeaders["x-frame-options"]).toBe("SAMEORIGIN");
  expect(pageHeaders["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
});

test("a request the page cancelled is no error in the console; any other unhandled rejection is", async ({
  page,
  pageErrors,
}) => {
  await page.goto("/about");
  await page.evaluate(() => {
    const controller = new AbortController();
    controller.abort();
    // As React Router leaves them when a navigation is superseded mid-answer: rejections nobody awaits.
    void Promise.reject(controller.signal.reason);
    void fetch("/api/v1/health", { signal: controller.signal });
    // Reported after those (rejections are announced in order): once it is here, they would be too.
    setTimeout(() => void Promise.reject(new Error("A failure nobody handled.")), 0);
  });
  await expect.poll(() => pageErrors.length).toBeGreaterThan(0);
  expect(pageErrors.map((error) => error.split("\n")[0])).toEqual(["pageerror: A failure nobody handled."]);
  pageErrors.length = 0;
});
