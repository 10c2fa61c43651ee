// The order of names in lists (states, schools' states, report filters): English collation, as
// `a.localeCompare(b, "en")` gives it. That call builds a collator each time it is given a locale, which cost
// the home page's map about 25 ms on this machine's Chromium (100 ms on the phone Lighthouse simulates) to
// sort 37 names. Names of plain letters, digits and spaces (every state's) are ordered here without Intl,
// whose first collator alone costs about 15 ms of locale data; any other text by one collator, made once.

let collator: Intl.Collator | undefined;
const plain = /^[A-Za-z0-9 ]*$/;

/** English collation of letters, digits and spaces: case decides only between otherwise equal texts, lower first. */
function comparePlain(a: string, b: string): number {
  const foldedA = a.toLowerCase();
  const foldedB = b.toLowerCase();
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  for (let index = 0; index < a.length; index++) {
    if (a[index] !== b[index]) return a[index] === foldedA[index] ? -1 : 1;
  }
  return 0;
}

/** Negative when `a` comes before `b` in English order, positive after, 0 when the same. */
export function compareText(a: string, b: string): number {
  if (plain.test(a) && plain.test(b)) return comparePlain(a, b);
  collator ??= new Intl.Collator("en");
  return collator.compare(a, b);
}
