import { createHmac, timingSafeEqual } from "node:crypto";

// Signed media links. An <img> or <video> cannot send the bearer token, so the API hands out, to people
// allowed to see a file, a link carrying an expiry time and an HMAC of (media id, expiry) made with a
// server key: `/media/{id}?sig=…&exp=…`. Whoever holds the link may fetch that one file until it
// expires; nothing else is granted. Expiry times are rounded to the half hour, so a list fetched again
// within that half hour has the same links and the browser's cached copies are used.

const STEP_SECONDS = 30 * 60;
/** A link stays valid between 60 and 90 minutes. */
const STEPS_AHEAD = 3;

export class MediaLinks {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  /** The address of a media file, signed for the next hour or so. */
  urlFor(mediaId: string): string {
    const expires = (Math.floor(this.seconds() / STEP_SECONDS) + STEPS_AHEAD) * STEP_SECONDS;
    return `/media/${mediaId}?sig=${this.signature(mediaId, expires)}&exp=${expires}`;
  }

  /** Whether `sig` was made by this server for this file and `exp` has not passed. */
  check(mediaId: string, sig: string, exp: string): "valid" | "expired" | "invalid" {
    if (!/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return "invalid";
    const expected = Buffer.from(this.signature(mediaId, Number(exp)));
    if (!timingSafeEqual(expected, Buffer.from(sig))) return "invalid";
    return Number(exp) > this.seconds() ? "valid" : "expired";
  }

  /** Seconds the browser may keep a file fetched with this link. */
  secondsLeft(exp: string): number {
    return Math.max(0, Number(exp) - this.seconds());
  }

  private seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private signature(mediaId: string, expires: number): string {
    return createHmac("sha256", this.secret).update(`media:${mediaId}:${expires}`).digest("base64url");
  }
}
