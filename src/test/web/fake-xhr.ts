import { vi } from "vitest";

// For tests only: an XMLHttpRequest stand-in the test drives by hand (progress, answer, network failure),
// since jsdom's own XHR cannot report upload progress. Never imported by the app.

type Handler = ((event: ProgressEvent) => void) | null;

export class FakeXhr {
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  readonly upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor(private readonly requests: FakeXhr[]) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: Document | XMLHttpRequestBodyInit | null = null) {
    this.body = body;
    this.requests.push(this);
  }

  abort() {
    if (this.aborted) return;
    this.aborted = true;
    this.onabort?.(new ProgressEvent("abort"));
  }

  /** The browser has sent `loaded` of `total` bytes (total null: the length is unknown). */
  progress(loaded: number, total: number | null) {
    this.upload.onprogress?.(
      new ProgressEvent("progress", { loaded, total: total ?? 0, lengthComputable: total !== null }),
    );
  }

  /** The server answers with `status` and `body` (an object is sent as JSON, a string as is). */
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.(new ProgressEvent("load"));
  }

  /** The connection drops. */
  failNetwork() {
    this.onerror?.(new ProgressEvent("error"));
  }

  /** The multipart fields sent, for assertions: text values as strings, files by name. */
  fields(): [string, string][] {
    if (!(this.body instanceof FormData)) return [];
    return [...this.body.entries()].map(([name, value]) => [
      name,
      typeof value === "string" ? value : `file:${value.name}`,
    ]);
  }
}

/** Replaces XMLHttpRequest for the current test; returns the requests sent, oldest first. */
export function installFakeXhr(): { requests: FakeXhr[]; latest: () => FakeXhr } {
  const requests: FakeXhr[] = [];
  vi.stubGlobal(
    "XMLHttpRequest",
    class extends FakeXhr {
      constructor() {
        super(requests);
      }
    },
  );
  return {
    requests,
    latest: () => {
      const request = requests.at(-1);
      if (!request) throw new Error("No upload was sent.");
      return request;
    },
  };
}
