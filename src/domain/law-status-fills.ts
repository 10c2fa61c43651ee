import type { LawStatusKey } from "./law-status";

// The map's fills by disability law status, shared by the site's map and the social cards drawn on the
// server. Colour is never the only cue: every category but "Passed" has a pattern of its own (stripes, dots,
// cross-hatching), and wherever a fill is shown its status is also named in words.

export interface LawStatusFill {
  /** The fill under the pattern (or the only fill). */
  fill: string;
  /** The pattern drawn over the fill, and its ink; none for a plain fill. */
  pattern: "none" | "stripes" | "dots" | "cross-hatch";
  ink: string;
}

export const lawStatusFills: Record<LawStatusKey, LawStatusFill> = {
  passed: { fill: "#0b5d3b", pattern: "none", ink: "#0b5d3b" },
  "awaiting-assent": { fill: "#f2c14e", pattern: "stripes", ink: "#6b3d00" },
  "second-reading": { fill: "#2f6bb3", pattern: "dots", ink: "#ffffff" },
  pending: { fill: "#ffffff", pattern: "cross-hatch", ink: "#4a5360" },
};
