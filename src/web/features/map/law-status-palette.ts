// The fills live in the domain: the social cards the server draws use the same ones.
export { lawStatusFills, type LawStatusFill } from "../../../domain/law-status-fills";

// The map's fills by disability law status. Colour is never the only cue: every category but "Passed" has a
// pattern of its own (stripes, dots, cross-hatching), the legend names each, and every state's button names
// its status. Categories next to each other in the legend differ by at least 3:1, and each category shows
// at least 3:1 against the page (its fill, or for the light fills, the pattern's ink); the test checks it.

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
