import http from "node:http";
import { describe, expect, it } from "vitest";
import { HAPROXY_PATH, haproxyConfig, haproxyVersionFrom, startHaproxy } from "./haproxy";

describe("haproxyConfig", () => {
  it("balances round-robin over every instance with kept-alive, reused connections", () => {
    const config = haproxyConfig(4100, [4001, 4002], 100);
    expect(config).toContain("  option http-keep-alive\n  http-reuse always\n");
    expect(config).toContain("  nbthread 1\n");
    expect(config).toContain("  bind 127.0.0.1:4100\n");
    expect(config).toContain(
      "  balance roundrobin\n" +
        "  server instance-1 127.0.0.1:4001 maxconn 50\n" +
        "  server instance-2 127.0.0.1:4002 maxconn 50\n",
    );
  });

  it("gives each instance at most its share of the connections, the shares covering them all", () => {
    expect(haproxyConfig(4100, [4001], 100)).toContain("  server instance-1 127.0.0.1:4001 maxconn 100\n");
    const three = haproxyConfig(4100, [4001, 4002, 4003], 100);
    expect(three.match(/ maxconn 34\n/g)).toHaveLength(3);
  });

  it("reads the version from haproxy -v", () => {
    expect(haproxyVersionFrom("HAProxy version 2.6.12-1+deb12u4 2026/10/17 - https://haproxy.org/\n")).toBe(
      "2.6.12-1+deb12u4",
    );
    expect(haproxyVersionFrom("command not found")).toBeNull();
  });
});

/** An HTTP server on a free loopback port, standing in for one product instance behind the balancer. */
function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  return new Promise((resolve) => {
    const server = http.createServer(handler);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
    });
  });
}

// Debian's haproxy: .ci/run installs it when missing, as the bench itself does (findOrInstallHaproxy).
describe("startHaproxy", () => {
  it("sends consecutive requests to each instance in turn, and stops", async () => {
    const instances = await Promise.all(
      ["a", "b"].map((name) => listen((_request, response) => response.end(name))),
    );
    const balancer = await startHaproxy(
      HAPROXY_PATH,
      instances.map((instance) => instance.port),
      100,
    );
    try {
      const answers: string[] = [];
      for (let request = 0; request < 4; request++) {
        answers.push(await (await fetch(`http://127.0.0.1:${balancer.port}/`)).text());
      }
      expect(answers).toEqual(["a", "b", "a", "b"]);
    } finally {
      await balancer.stop();
      for (const { server } of instances) server.close();
    }
    await expect(fetch(`http://127.0.0.1:${balancer.port}/`)).rejects.toThrow();
  });

  it("passes over an instance holding its share of the connections, so the others answer the rest", async () => {
    // "paused" holds every request it is given, as an instance in a long pause does; "running" answers.
    const held: http.ServerResponse[] = [];
    let answeredByRunning = 0;
    let changed = () => {};
    const paused = await listen((_request, response) => {
      held.push(response);
      changed();
    });
    const running = await listen((_request, response) => {
      answeredByRunning += 1;
      response.end("running");
      changed();
    });
    // Four client connections over two instances: a share of two each.
    const balancer = await startHaproxy(HAPROXY_PATH, [paused.port, running.port], 4);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      const get = () =>
        new Promise<string>((resolve, reject) => {
          http
            .get({ host: "127.0.0.1", port: balancer.port, path: "/", agent }, (response) => {
              let body = "";
              response.setEncoding("utf8");
              response.on("data", (chunk: string) => (body += chunk));
              response.on("end", () => resolve(body));
            })
            .on("error", reject);
        });
      const answers = Array.from({ length: 8 }, () => get());
      // Until the other instance has answered the six the paused one does not hold, or the paused one
      // holds more than its share (without the cap, round-robin gives it every connection in turn).
      await new Promise<void>((resolve) => {
        changed = () => {
          if (answeredByRunning >= 6 || held.length > 2) resolve();
        };
        changed();
      });
      expect(held).toHaveLength(2);
      expect(answeredByRunning).toBe(6);
      for (const response of held) response.end("paused");
      const bodies = await Promise.all(answers);
      expect(bodies.filter((body) => body === "paused")).toHaveLength(2);
    } finally {
      for (const response of held) response.end();
      agent.destroy();
      await balancer.stop();
      paused.server.close();
      running.server.close();
    }
  });
});
