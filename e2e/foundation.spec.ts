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
  });
});
