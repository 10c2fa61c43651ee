// The order of names in lists (states, schools' states, report filters): English collation, as
// `a.localeCompare(b, "en")` gives it. That call builds a new collator each time it is given a locale, which
// cost the home page's map about 25 ms on this machine's Chromium (100 ms on the phone Lighthouse
// simulates) to sort 37 names; one collator, made on first use, orders them in a fraction of a millisecond.

let collator: Intl.Collator | undefined;

/** Negative when `a` comes before `b` in English order, positive after, 0 when the same. */
export function compareText(a: string, b: string): number {
  collator ??= new Intl.Collator("en");
  return collator.compare(a, b);
}
