// The canonical 37 names are those of data/states.json. Other sources label states differently (the map
// says "Federal Capital Territory", school records may be space-padded or differently cased), so every
// comparison goes through this one normaliser.

const aliases: Record<string, string> = {
  "federal capital territory": "fct",
  abuja: "fct",
  "fct abuja": "fct",
  "abuja fct": "fct",
  nassarawa: "nasarawa",
  "akwa-ibom": "akwa ibom",
  "cross-river": "cross river",
};

// The labels met are few (the 37 names as the data, the map and the URLs write them), and a page compares
// them often: the home page's map looks up every state's law status by name as it renders.
const keys = new Map<string, string>();
const MAX_KEPT_KEYS = 1000;

export function stateKey(label: string): string {
  const kept = keys.get(label);
  if (kept !== undefined) return kept;
  const folded = label
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/ state$/, "");
  const key = aliases[folded] ?? folded;
  // Labels typed by people (a search, an import) are not kept once the map holds this many.
  if (keys.size < MAX_KEPT_KEYS) keys.set(label, key);
  return key;
}

export function sameState(a: string, b: string): boolean {
  return stateKey(a) === stateKey(b);
}

/** The slug used in shareable URLs (`/?state=akwa-ibom`). */
export function stateSlug(name: string): string {
  return stateKey(name).replace(/ /g, "-");
}
