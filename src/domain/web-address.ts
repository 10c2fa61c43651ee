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

/**
 * An address a person may give as a source or as evidence: http(s), read by URL as one, on a host with a
 * dot (a site on the web: not "localhost", nor a bare name only a local network knows). The check the
 * desk's changes, the server's refusals and the corrections share.
 */
export function isCitableWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}
