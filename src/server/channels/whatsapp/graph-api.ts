import { createHash } from "node:crypto";
import type { WhatsAppConfig } from "../../config";

// The two things the product asks of Meta's Graph API (fixtures/README.md names the documentation):
// a message's media, in two steps (GET /<version>/<media-id> gives a short-lived address and the file's
// type and SHA-256; GET of that address with the same token gives the bytes), and sending a text
// (POST /<version>/<phone-number-id>/messages). The base address is configurable, so tests point it at
// a peer on loopback. Errors never quote what the Graph API answered: it may repeat the number.

export type GraphSettings = Pick<
  WhatsAppConfig,
  "accessToken" | "phoneNumberId" | "graphUrl" | "graphVersion"
>;

export interface FetchedMedia {
  bytes: Buffer;
  /** As the Graph API named it ("audio/ogg; codecs=opus"); the product decides by content anyway. */
  mimeType: string;
}

/** The file was larger than the product takes. */
export class MediaTooLarge extends Error {}

const TIMEOUT_MS = 30_000;

interface MediaInfo {
  url?: unknown;
  mime_type?: unknown;
  sha256?: unknown;
  file_size?: unknown;
}

export class GraphApi {
  constructor(private readonly settings: GraphSettings) {}

  private get token(): string {
    if (!this.settings.accessToken) {
      throw new Error("WHATSAPP_ACCESS_TOKEN is not set: media cannot be fetched nor replies sent");
    }
    return this.settings.accessToken;
  }

  private address(path: string): string {
    return `${this.settings.graphUrl}/${this.settings.graphVersion}/${path}`;
  }

  /** A message's photo or voice note; at most `maxBytes`, and only when its SHA-256 is the one announced. */
  async media(mediaId: string, maxBytes: number): Promise<FetchedMedia> {
    if (!/^[A-Za-z0-9_.-]{1,200}$/.test(mediaId))
      throw new Error("the media id is not one the Graph API gives");
    const headers = { authorization: `Bearer ${this.token}` };
    const infoAnswer = await fetch(this.address(encodeURIComponent(mediaId)), {
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!infoAnswer.ok) throw new Error(`the Graph API answered ${infoAnswer.status} for a media's address`);
    const info = (await infoAnswer.json()) as MediaInfo;
    if (typeof info.url !== "string" || !/^https?:\/\//.test(info.url)) {
      throw new Error("the Graph API gave no address for the media");
    }
    // A number, or digits in a string, depending on the Graph API's version.
    if (Number(info.file_size) > maxBytes) throw new MediaTooLarge();
    const file = await fetch(info.url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!file.ok || !file.body) throw new Error(`the media's download answered ${file.status}`);
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of file.body as unknown as AsyncIterable<Uint8Array>) {
      length += chunk.length;
      if (length > maxBytes) throw new MediaTooLarge();
      chunks.push(Buffer.from(chunk));
    }
    const bytes = Buffer.concat(chunks, length);
    if (typeof info.sha256 === "string" && info.sha256 !== "") {
      const actual = createHash("sha256").update(bytes).digest("hex");
      if (actual !== info.sha256.toLowerCase())
        throw new Error("the media's bytes are not the ones announced");
    }
    return { bytes, mimeType: typeof info.mime_type === "string" ? info.mime_type : "" };
  }

  /** Sends a text message; `to` is the number, digits only, as WhatsApp writes it. */
  async sendText(to: string, body: string): Promise<void> {
    await this.sendMessage(to, { type: "text", text: { preview_url: true, body } });
  }

  /**
   * Sends an approved template (the only message WhatsApp takes more than 24 hours after the person's
   * last one): its name, its language's code as approved, and the body's {{1}}, {{2}} … in order.
   */
  async sendTemplate(
    to: string,
    template: { name: string; language: string; body: string[] },
  ): Promise<void> {
    await this.sendMessage(to, {
      type: "template",
      template: {
        name: template.name,
        language: { policy: "deterministic", code: template.language },
        components: [{ type: "body", parameters: template.body.map((text) => ({ type: "text", text })) }],
      },
    });
  }

  private async sendMessage(to: string, message: Record<string, unknown>): Promise<void> {
    if (!this.settings.phoneNumberId) {
      throw new Error("WHATSAPP_PHONE_NUMBER_ID is not set: replies cannot be sent");
    }
    const answer = await fetch(this.address(`${this.settings.phoneNumberId}/messages`), {
      method: "POST",
      headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", recipient_type: "individual", to, ...message }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!answer.ok) {
      // Only Meta's error code: its message may repeat the number.
      const failure = (await answer.json().catch(() => ({}))) as { error?: { code?: unknown } };
      const code = typeof failure.error?.code === "number" ? failure.error.code : undefined;
      throw new GraphApiRefused(answer.status, code);
    }
    const sent = (await answer.json().catch(() => ({}))) as { messages?: { id?: unknown }[] };
    if (typeof sent.messages?.[0]?.id !== "string") throw new Error("the Graph API did not take the message");
  }
}

/** The Graph API refused a message; `code` is Meta's error code, when it gave one. */
export class GraphApiRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
  ) {
    super(`the Graph API answered ${status}${code === undefined ? "" : ` (error ${code})`}`);
  }
}
