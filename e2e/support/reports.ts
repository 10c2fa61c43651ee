import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { newStaff, type SignedIn } from "./accounts";
import { expect } from "./fixtures";

/**
 * Sends an eyewitness report with a small photo as `reporter` (a barrier seen on 20 November 2026; `fields`
 * add to or replace the form's fields) and has a new moderator verify it. Returns the report's id.
 */
export async function verifiedReport(
  request: APIRequestContext,
  reporter: SignedIn,
  fields: Record<string, string> & { comment: string; stateId: string; lga: string },
): Promise<string> {
  const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#447799" } })
    .jpeg()
    .toBuffer();
  const sent = await request.post("/api/v1/eyewitness", {
    headers: { authorization: `Bearer ${reporter.token}` },
    multipart: {
      firstName: reporter.user.firstname,
      lastName: reporter.user.lastname,
      email: reporter.user.email,
      commentType: "barrier",
      occurredOn: "2026-11-20",
      peopleConsent: "true",
      ...fields,
      media: { name: "ramp.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { report } = (await sent.json()) as { report: { id: string } };
  const { signedIn: moderator } = await newStaff(request, "moderator");
  const decided = await request.patch(`/api/v1/eyewitness/${report.id}/review`, {
    headers: { authorization: `Bearer ${moderator.token}` },
    data: { status: "verified", note: "Checked with the school.", fromStatus: "pending" },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  return report.id;
}
