import { expect } from "vitest";
import estimatesData from "../../../data/estimates.json";

// The data carries notes to the site's own writers: the estimates headline's `caveats` ("Show both cut-offs
// and name the survey and year…") and a document's `urlNote` ("Label it as such."). A reader is told what a
// figure is, never what the site should do with it. Each sentence of them longer than a few words, and any
// sentence starting as an instruction does ("Show…", "Do not…", "Name…", "Label…", "Use…").

const writersNotes = [estimatesData.headline.caveats]
  .flatMap((note) => note.split(/(?<=\.)\s+/))
  .filter((sentence) => sentence.length > 20);

const instruction = /(^|[.:;]\s+)(Show|Do not|Don't|Name|Label|Use|Cite|Quote|Avoid|Prefer)\b/;

/** Fails when the text is empty, is a message id, or carries a note to the site's writers. */
export function expectReadersText(text: string, where: string): void {
  expect(text.trim(), where).not.toBe("");
  expect(text, where).not.toMatch(/\b(statistics|estimates|education)\.\w+[A-Z]?\w*\b(?!\s)/);
  expect(text, where).not.toMatch(instruction);
  for (const sentence of writersNotes) expect(text, where).not.toContain(sentence);
}
