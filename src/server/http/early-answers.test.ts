import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyServerOptions } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { EarlyAnswers, announcesBody, serverWithEarlyAnswers } from "./early-answers";

// The HTTP server offers each request to the early answers of its exact path first, and gives it to
// Fastify whenever none answers; it is the server Fastify would make, with the same timeouts.

describe("early answers", () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function started(answers: EarlyAnswers, options: FastifyServerOptions = {}) {
    const app = Fastify({ ...options, serverFactory: serverWithEarlyAnswers(answers) });
    apps.push(app);
    app.get("/ping", async () => ({ from: "fastify" }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    return { app, url: (path: string) => `http://127.0.0.1:${port}${path}` };
  }

  it("answers a request for its exact path when the answer says so, and leaves every other to Fastify", async () => {
    const answers = new EarlyAnswers();
    answers.add("/ping", (request, response) => {
      if (request.headers["x-early"] !== "yes") return false;
      response.writeHead(200, ["content-type", "text/plain", "x-from", "early"]);
      response.end("early");
      return true;
    });
    const { url } = await started(answers);

    const early = await fetch(url("/ping"), { headers: { "x-early": "yes" } });
    expect(early.headers.get("x-from")).toBe("early");
    expect(await early.text()).toBe("early");
    expect(answers.answered).toBe(1);

    for (const [path, headers, status] of [
      ["/ping", {}, 200],
      ["/ping?x=1", { "x-early": "yes" }, 200],
      ["/ping/", { "x-early": "yes" }, 404],
    ] as const) {
      const response = await fetch(url(path), { headers });
      expect(response.status, path).toBe(status);
      expect(response.headers.get("x-from"), path).toBeNull();
    }
    expect(answers.answered).toBe(1);
  });

  it("leaves every request to Fastify once closing", async () => {
    const answers = new EarlyAnswers();
    answers.add("/ping", (_request, response) => {
      response.end("early");
      return true;
    });
    const { url } = await started(answers);
    expect(await (await fetch(url("/ping"))).text()).toBe("early");
    answers.close();
    expect(await (await fetch(url("/ping"))).json()).toEqual({ from: "fastify" });
  });

  it("refuses a second answer for the same path", () => {
    const answers = new EarlyAnswers();
    answers.add("/ping", () => false);
    expect(() => answers.add("/ping", () => false)).toThrow(/already/);
  });

  it("makes the server Fastify would make, with its keep-alive, request, idle and header timeouts", async () => {
    const options = {
      connectionTimeout: 12_345,
      keepAliveTimeout: 2_345,
      requestTimeout: 34_567,
      maxRequestsPerSocket: 7,
      http: { headersTimeout: 4_567, connectionsCheckingInterval: 890 },
    };
    const { app } = await started(new EarlyAnswers(), options);
    const plain = Fastify(options);
    apps.push(plain);
    await plain.listen({ port: 0, host: "127.0.0.1" });
    for (const server of [app.server, plain.server] as Server[]) {
      expect({
        timeout: server.timeout,
        keepAliveTimeout: server.keepAliveTimeout,
        requestTimeout: server.requestTimeout,
        headersTimeout: server.headersTimeout,
        maxRequestsPerSocket: server.maxRequestsPerSocket,
      }).toEqual({
        timeout: 12_345,
        keepAliveTimeout: 2_345,
        requestTimeout: 34_567,
        headersTimeout: 4_567,
        maxRequestsPerSocket: 7,
      });
    }
  });

  it("tells a request that announces a body", async () => {
    const answers = new EarlyAnswers();
    const seen: boolean[] = [];
    answers.add("/ping", (request) => {
      seen.push(announcesBody(request));
      return false;
    });
    const { url } = await started(answers);
    await fetch(url("/ping"));
    await fetch(url("/ping"), { method: "POST", body: "x" });
    await fetch(url("/ping"), {
      method: "POST",
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("x"));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(seen).toEqual([false, true, true]);
  });
});
