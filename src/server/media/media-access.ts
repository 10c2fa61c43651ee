import { eq, or, sql, type SQL } from "drizzle-orm";
import { can } from "../../domain/permissions";
import type { SignedInUser } from "../accounts/guards";
import { eyewitnessReports } from "../db/schema";

// Who may see a report's media files. The rule is a WHERE condition on the report, so a file is found
// only if the viewer may see it (never fetched first and checked after).

export type MediaViewer = { kind: "user"; user: Pick<SignedInUser, "id" | "role"> } | { kind: "anonymous" };

/**
 * The condition on eyewitness_reports under which `viewer` may see the report's media; undefined when
 * they may see every report's. Everyone, signed in or not, sees a verified (published) report's media;
 * reporters also see their own. Read at each request, so unpublishing makes the files private at once,
 * and a signed link (which names its viewer) stops working as soon as the viewer's role no longer allows.
 */
export function mediaVisibleTo(viewer: MediaViewer): SQL | undefined {
  // Staff who review reports see every report's media (the permission table says who they are).
  if (viewer.kind === "user" && can(viewer.user.role, "media:read-any")) return undefined;
  const conditions: SQL[] = [eq(eyewitnessReports.status, "verified")];
  if (viewer.kind === "user") conditions.push(eq(eyewitnessReports.reporterId, viewer.user.id));
  return or(...conditions) ?? sql`false`;
}
