/** A key finding is written "label: text"; it is split at the first colon only. */
export function splitFinding(finding: string): { label: string; text: string } {
  const colon = finding.indexOf(":");
  if (colon <= 0) return { label: "", text: finding.trim() };
  return { label: finding.slice(0, colon).trim(), text: finding.slice(colon + 1).trim() };
}
