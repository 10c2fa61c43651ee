// SVG text does not wrap: a drawing's sentence is broken into lines here, by an average glyph width, so the
// downloaded picture carries it whole.

/** `text` in lines of at most about `width` units at `fontSize` (a glyph about 0.55 of the size wide). */
export function wrapText(text: string, width: number, fontSize: number): string[] {
  const most = Math.max(10, Math.floor(width / (fontSize * 0.55)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > most) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
