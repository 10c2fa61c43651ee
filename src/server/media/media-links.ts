import { createHmac, timingSafeEqual } from "node:crypto";

// Signed media links. An <img> or <video> cannot send the bearer token, so the API hands out, to people
// allowed to see a file, a link naming the file, the person it was made for, an expiry time, and an
// HMAC of the three made with a server key: `/media/{id}?u=…&exp=…&sig=…`. The link is short-lived
// (at most 5 minutes) and proves only who asked: at each request the server checks again that this
// person may still see the file (media-access.ts), so a moderator made a plain user, or a deleted
// account, loses access at once. Expiry times are rounded to the minute, so a list fetched again within
// the minute has the same links and the browser's cached copies are used.

const STEP_SECONDS = 60;
/** A link stays valid between 4 and 5 minutes. */
const STEPS_AHEAD = 5;
export const MEDIA_LINK_MAX_SECONDS = STEP_SECONDS * STEPS_AHEAD;

/** Makes the links of one viewer (the person the API answers). */
export interface MediaLinkSigner {
  urlFor(mediaId: string): string;
}

export type LinkCheck = { status: "valid"; viewerId: number } | { status: "expired" } | { status: "invalid" };

export class MediaLinks {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  /** The links for `viewerId`'s answers. */
  forViewer(viewerId: number): MediaLinkSigner {
    return { urlFor: (mediaId) => this.urlFor(mediaId, viewerId) };
  }

  /** The address of a media file for this viewer, signed for the next few minutes. */
  urlFor(mediaId: string, viewerId: number): string {
    const expires = (Math.floor(this.seconds() / STEP_SECONDS) + STEPS_AHEAD) * STEP_SECONDS;
    return `/media/${mediaId}?u=${viewerId}&exp=${expires}&sig=${this.signature(mediaId, viewerId, expires)}`;
  }

  /**
   * Whether `sig` was made by this server for this file and viewer and `exp` has not passed. The parts are
   * as the route's query schema reads them (src/domain/api/media.ts: whole numbers, a signature's shape).
   */
  check(mediaId: string, viewer: number, sig: string, exp: number): LinkCheck {
    const expected = Buffer.from(this.signature(mediaId, viewer, exp));
    const given = Buffer.from(sig);
    // Compared in constant time, which needs two of the same length.
    if (given.length !== expected.length || !timingSafeEqual(expected, given)) return { status: "invalid" };
    // A link cannot claim a longer life than the server gives.
    const left = exp - this.seconds();
    if (left <= 0) return { status: "expired" };
    if (left > MEDIA_LINK_MAX_SECONDS) return { status: "invalid" };
    return { status: "valid", viewerId: viewer };
  }

  /** Seconds the browser may keep a file fetched with this link. */
  secondsLeft(exp: number): number {
    return Math.max(0, Math.min(MEDIA_LINK_MAX_SECONDS, exp - this.seconds()));
  }

  private seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private signature(mediaId: string, viewerId: number, expires: number): string {
    return createHmac("sha256", this.secret)
      .update(`media:${mediaId}:${viewerId}:${expires}`)
      .digest("base64url");
  }
}
