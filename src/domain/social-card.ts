import type { MessageKey } from "../i18n/message-keys";
import { stateKey } from "./datasets/state-names";
import { lawStatusFills } from "./law-status-fills";
import { lawStatusKey, type LawStatusKey } from "./law-status";

// The picture a link to a state's page shows when shared (WhatsApp, X, Facebook read `og:image`): the map of
// Nigeria with the state drawn in its law status's fill and pattern, the state's name and its law status in
// words (never colour alone), and the site's name. Drawn here as SVG, in the page's language; the server
// turns it into a PNG (src/server/site/social-cards.ts).

export const SOCIAL_CARD_WIDTH = 1200;
export const SOCIAL_CARD_HEIGHT = 630;
/** Raised when the drawing changes, so every shared link's image address changes with it. */
const CARD_DESIGN = 1;

/** What a card shows of a state: its name and law (the record's `state`, `status`, `law.year`). */
export interface SocialCardState {
  state: string;
  status: string;
  law: { year: number | null };
}

/** The map's projected outlines (the build's `virtual:nigeria-map`). */
export interface SocialCardMap {
  viewBox: string;
  regions: readonly { name: string; d: string; centroid: readonly [number, number] }[];
}

/** A catalogue message by its full id ("states.socialCard.alt"), as the page's or the server's translator. */
export type CardTranslate = (id: MessageKey, values?: Record<string, string | number>) => string;

/** The `status` value of the card's messages (an ICU select: its keys cannot hold a hyphen). */
function statusChoice(record: SocialCardState): { status: string; year: string } {
  const key = lawStatusKey(record.status);
  const year = record.law.year;
  const choices: Record<LawStatusKey, string> = {
    passed: year ? "passed" : "passedNoYear",
    "awaiting-assent": "awaitingAssent",
    "second-reading": "secondReading",
    pending: "other",
  };
  return { status: choices[key], year: year ? String(year) : "" };
}

/** The card's words in a language: its law status as a line, and its text alternative. */
export function socialCardWords(t: CardTranslate, record: SocialCardState): { status: string; alt: string } {
  const choice = statusChoice(record);
  return {
    status: t("states.socialCard.status", choice),
    alt: t("states.socialCard.alt", { ...choice, state: record.state }),
  };
}

/**
 * A short mark of what the card shows (name, status, year, drawing), for the image's address (`?v=`): a
 * shared link's preview is kept by the sites that show it, so a new law needs a new address; a publication
 * that changes nothing the card shows keeps the old one.
 */
export function socialCardVersion(record: SocialCardState): string {
  const text = JSON.stringify([CARD_DESIGN, record.state, lawStatusKey(record.status), record.law.year]);
  // FNV-1a, 32 bits: a change mark, not a secret.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The width and height of a projected outline ("Mx yl dx dy … z" per ring, as the build writes them). */
export function outlineSize(d: string): { width: number; height: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of d.split("M").filter(Boolean)) {
    const [start = "", steps = ""] = ring.replace(/z$/, "").split("l");
    const numbers = (text: string) => (text.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    let [x = 0, y = 0] = numbers(start);
    const relative = numbers(steps);
    for (let index = -2; index < relative.length; index += 2) {
      if (index >= 0) {
        x += relative[index] ?? 0;
        y += relative[index + 1] ?? 0;
      }
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  return maxX < minX ? { width: 0, height: 0 } : { width: maxX - minX, height: maxY - minY };
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Lines of at most `width` pixels at `size`, judged by an average glyph width (a bold sans-serif letter is
 * about 0.6 of its size), with the size made smaller until the text fits in `maxLines`.
 */
export function fitText(
  text: string,
  options: { width: number; size: number; minSize: number; maxLines: number },
): { size: number; lines: string[] } {
  let size = options.size;
  for (;;) {
    const perLine = Math.max(1, Math.floor(options.width / (size * 0.62)));
    const lines: string[] = [];
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const last = lines.at(-1);
      if (last !== undefined && (last + " " + word).length <= perLine)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    const fits = lines.length <= options.maxLines && lines.every((line) => line.length <= perLine);
    if (fits || size <= options.minSize) return { size, lines: lines.slice(0, options.maxLines) };
    size = Math.max(options.minSize, size - 4);
  }
}

function textLines(lines: string[], x: number, y: number, size: number, attributes: string): string {
  const lineHeight = Math.round(size * 1.2);
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" font-size="${size}" ${attributes}>${escapeXml(line)}</text>`,
    )
    .join("");
}

/**
 * The pattern of a status's fill, as the site's map draws it (src/web/features/map/NigeriaMap.tsx), in tiles
 * of 14 px on the card whatever the scale of the shapes it fills (a preview is often a small thumbnail).
 */
function statusPattern(key: LawStatusKey, id: string, scale: number): string {
  const { fill, pattern, ink } = lawStatusFills[key];
  if (pattern === "none") return "";
  const marks =
    pattern === "stripes"
      ? `<line x1="0" y1="0" x2="0" y2="10" stroke="${ink}" stroke-width="3"/>`
      : pattern === "dots"
        ? `<circle cx="5" cy="5" r="1.8" fill="${ink}"/>`
        : `<path d="M0 0L10 10M10 0L0 10" stroke="${ink}" stroke-width="1.2"/>`;
  const transform = `scale(${(1.4 / scale).toFixed(4)})${pattern === "stripes" ? " rotate(-45)" : ""}`;
  return `<pattern id="${id}" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="${transform}"><rect width="10" height="10" fill="${fill}"/>${marks}</pattern>`;
}

/** The card as SVG, 1200 × 630; `words` from socialCardWords in the card's language. */
export function socialCardSvg(options: {
  map: SocialCardMap;
  record: SocialCardState;
  words: { status: string };
  siteName: string;
  language: string;
}): string {
  const { map, record, words, siteName, language } = options;
  const key = lawStatusKey(record.status);
  const { fill, pattern } = lawStatusFills[key];
  const [, , viewWidth = 800, viewHeight = 800] = map.viewBox.split(/\s+/).map(Number);
  // The map on the left, as large as the card's height allows.
  const box = { x: 40, y: 24, width: 584, height: SOCIAL_CARD_HEIGHT - 48 };
  const scale = Math.min(box.width / viewWidth, box.height / viewHeight);
  const mapX = box.x + (box.width - viewWidth * scale) / 2;
  const mapY = box.y + (box.height - viewHeight * scale) / 2;
  const own = stateKey(record.state);
  const highlighted = map.regions.filter((region) => stateKey(region.name) === own);
  const others = map.regions.filter((region) => stateKey(region.name) !== own);
  // A small state (Lagos, the FCT) gets a ring around it, so a thumbnail still shows where it is.
  const rings = highlighted.flatMap((region) => {
    const size = outlineSize(region.d);
    const [width, height] = [size.width * scale, size.height * scale];
    if (width * height >= 2600) return [];
    const [cx, cy] = [mapX + region.centroid[0] * scale, mapY + region.centroid[1] * scale];
    const radius = Math.max(width, height) / 2 + 18;
    return [
      `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${radius.toFixed(1)}" fill="none" stroke="#111418" stroke-width="4"/>`,
    ];
  });
  const stateFill = pattern === "none" ? fill : "url(#map-status)";
  const keyFill = pattern === "none" ? fill : "url(#key-status)";

  const textX = 660;
  const textWidth = SOCIAL_CARD_WIDTH - textX - 48;
  const name = fitText(record.state, { width: textWidth, size: 76, minSize: 44, maxLines: 2 });
  const status = fitText(words.status, { width: textWidth - 76, size: 40, minSize: 26, maxLines: 4 });
  const nameTop = 200;
  const nameBottom = nameTop + (name.lines.length - 1) * Math.round(name.size * 1.2);
  const statusTop = nameBottom + 40 + status.size;
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_CARD_WIDTH}" height="${SOCIAL_CARD_HEIGHT}" viewBox="0 0 ${SOCIAL_CARD_WIDTH} ${SOCIAL_CARD_HEIGHT}" xml:lang="${escapeXml(language)}">`,
    `<defs>${statusPattern(key, "map-status", scale)}${statusPattern(key, "key-status", 1)}</defs>`,
    `<rect width="${SOCIAL_CARD_WIDTH}" height="${SOCIAL_CARD_HEIGHT}" fill="#f6f7f4"/>`,
    `<g transform="translate(${mapX.toFixed(1)} ${mapY.toFixed(1)}) scale(${scale.toFixed(4)})">`,
    `<g fill="#d9dde2" stroke="#ffffff" stroke-width="${(1.5 / scale).toFixed(2)}" stroke-linejoin="round">`,
    others.map((region) => `<path d="${region.d}"/>`).join(""),
    `</g>`,
    `<g fill="${stateFill}" stroke="#111418" stroke-width="${(5 / scale).toFixed(2)}" stroke-linejoin="round">`,
    highlighted.map((region) => `<path d="${region.d}"/>`).join(""),
    `</g></g>`,
    rings.join(""),
    `<rect x="${textX}" y="64" width="8" height="40" fill="#0b5d3b"/>`,
    `<text x="${textX + 22}" y="96" font-size="32" font-weight="700" fill="#0b5d3b" ${font}>${escapeXml(siteName)}</text>`,
    textLines(name.lines, textX, nameTop, name.size, `font-weight="700" fill="#111418" ${font}`),
    `<rect x="${textX}" y="${statusTop - status.size + 2}" width="52" height="52" fill="${keyFill}" stroke="#111418" stroke-width="3"/>`,
    textLines(
      status.lines,
      textX + 76,
      statusTop + 4,
      status.size,
      `font-weight="700" fill="#1f2933" ${font}`,
    ),
    `<rect x="0" y="${SOCIAL_CARD_HEIGHT - 14}" width="${SOCIAL_CARD_WIDTH}" height="14" fill="#0b5d3b"/>`,
    `</svg>`,
  ].join("");
}
