import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import sendFixture from "../../server/channels/africastalking/fixtures/sms-send.json" with { type: "json" };

// Africa's Talking's SMS API played on 127.0.0.1 for tests: it takes what the product sends to
// POST /version1/messaging (the documented form and apiKey header) and answers as the documentation
// shows (fixtures/sms-send.json). It can refuse the next messages, to play an outage.

export interface SentSms {
  apiKey: string | undefined;
  username: string | null;
  to: string | null;
  message: string | null;
  from: string | null;
}

export interface AfricasTalkingPeer {
  url: string;
  received: SentSms[];
  /** The next `count` messages are answered 500. */
  failNext(count: number): void;
  stop(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startAfricasTalkingPeer(): Promise<AfricasTalkingPeer> {
  const received: SentSms[] = [];
  let failing = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      if (request.method !== "POST" || request.url !== "/version1/messaging") {
        response.writeHead(404).end();
        return;
      }
      if (failing > 0) {
        failing -= 1;
        response.writeHead(500).end("The service is unavailable");
        return;
      }
      const form = new URLSearchParams(body);
      const sms: SentSms = {
        apiKey: request.headers.apikey as string | undefined,
        username: form.get("username"),
        to: form.get("to"),
        message: form.get("message"),
        from: form.get("from"),
      };
      received.push(sms);
      const answer = structuredClone(sendFixture.answer);
      answer.SMSMessageData.Recipients[0]!.number = sms.to ?? "";
      response.writeHead(201, { "content-type": "application/json" }).end(JSON.stringify(answer));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext(count) {
      failing = count;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
