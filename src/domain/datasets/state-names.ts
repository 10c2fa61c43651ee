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

export function stateKey(label: string): string {
  const folded = label
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/ state$/, "");
  return aliases[folded] ?? folded;
}

export function sameState(a: string, b: string): boolean {
  return stateKey(a) === stateKey(b);
}

/** The slug used in shareable URLs (`/?state=akwa-ibom`). */
export function stateSlug(name: string): string {
  return stateKey(name).replace(/ /g, "-");
}
