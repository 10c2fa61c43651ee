import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import graphFixture from "../../server/channels/whatsapp/fixtures/graph-api.json" with { type: "json" };

// Meta's Graph API played on 127.0.0.1 for tests, as documented (fixtures/graph-api.json): a message's
// media in two steps (GET /<version>/<media id> → {url, mime_type, sha256, file_size, id}, then GET of
// that url → the bytes), both only with the access token as Bearer; and POST /<version>/<phone number
// id>/messages, which records what the product sent (a text, or a template with its parameters) and
// answers with a message id.

export interface SentWhatsApp {
  phoneNumberId: string;
  authorization: string | undefined;
  to: string;
  type: string;
  /** A text's body ("" for a template). */
  body: string;
  /** A template's name, language code and body parameters, as the product filled them. */
  template?: { name: string; language: string; parameters: string[] };
}

export interface GraphApiPeer {
  url: string;
  version: string;
  /** The media the peer holds, by media id. */
  media: Map<string, { bytes: Buffer; mimeType: string }>;
  sent: SentWhatsApp[];
  /** Every request's method and path, for what was fetched. */
  requests: string[];
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startGraphApiPeer(accessToken: string, version = "v21.0"): Promise<GraphApiPeer> {
  const media = new Map<string, { bytes: Buffer; mimeType: string }>();
  const sent: SentWhatsApp[] = [];
  const requests: string[] = [];
  let base = "";
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const path = (request.url ?? "").split("?")[0]!;
      requests.push(`${request.method} ${path}`);
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        response.writeHead(401, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "Invalid OAuth access token.", code: 190 } }));
        return;
      }
      const download = /^\/download\/([\w.-]+)$/.exec(path);
      if (request.method === "GET" && download) {
        const file = media.get(download[1]!);
        if (!file) return void response.writeHead(404).end();
        response.writeHead(200, { "content-type": file.mimeType }).end(file.bytes);
        return;
      }
      const info = new RegExp(`^/${version}/([\\w.-]+)$`).exec(path);
      if (request.method === "GET" && info) {
        const file = media.get(info[1]!);
        if (!file) return void response.writeHead(404).end();
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            ...graphFixture.media.answer,
            url: `${base}/download/${info[1]}`,
            mime_type: file.mimeType,
            sha256: createHash("sha256").update(file.bytes).digest("hex"),
            file_size: String(file.bytes.length),
            id: info[1],
          }),
        );
        return;
      }
      const messages = new RegExp(`^/${version}/(\\d+)/messages$`).exec(path);
      if (request.method === "POST" && messages) {
        const message = JSON.parse(body) as {
          to: string;
          type: string;
          text?: { body?: string };
          template?: {
            name: string;
            language: { code: string };
            components?: { type: string; parameters: { type: string; text: string }[] }[];
          };
        };
        const template = message.template;
        sent.push({
          phoneNumberId: messages[1]!,
          authorization: request.headers.authorization,
          to: message.to,
          type: message.type,
          body: message.text?.body ?? "",
          ...(template
            ? {
                template: {
                  name: template.name,
                  language: template.language.code,
                  parameters: (template.components ?? [])
                    .filter((component) => component.type === "body")
                    .flatMap((component) => component.parameters.map((parameter) => parameter.text)),
                },
              }
            : {}),
        });
        const answer = structuredClone(graphFixture.send.answer);
        answer.contacts[0] = { input: message.to, wa_id: message.to };
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
        return;
      }
      response.writeHead(404).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    version,
    media,
    sent,
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
