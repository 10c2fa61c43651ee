// Whether a source's address may be shown as a link. Kept free of any library: the public pages import it
// (through field-sources.ts), and every kilobyte there is one a reader on a slow connection waits for.

/**
 * An http(s) address written out in full ("https://…"), that a browser can also read as one. Anything
 * else a source names ("ftp:", "javascript:", a relative path, "https:/half", "http://") is shown as text.
 */
export function isWebAddress(address: string | null | undefined): address is string {
  if (!address || !/^https?:\/\//i.test(address)) return false;
  try {
    const { protocol } = new URL(address);
    return protocol === "http:" || protocol === "https:";
  } catch {
    return false;
  }
}
