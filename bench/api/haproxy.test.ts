import http from "node:http";
import { describe, expect, it } from "vitest";
import { HAPROXY_PATH, haproxyConfig, haproxyVersionFrom, startHaproxy } from "./haproxy";

describe("haproxyConfig", () => {
  it("balances round-robin over every instance with kept-alive, reused connections", () => {
    const config = haproxyConfig(4100, [4001, 4002]);
    expect(config).toContain("  option http-keep-alive\n  http-reuse always\n");
    expect(config).toContain("  bind 127.0.0.1:4100\n");
    expect(config).toContain(
      "  balance roundrobin\n  server instance-1 127.0.0.1:4001\n  server instance-2 127.0.0.1:4002\n",
    );
  });

  it("reads the version from haproxy -v", () => {
    expect(haproxyVersionFrom("HAProxy version 2.6.12-1+deb12u4 2026/10/17 - https://haproxy.org/\n")).toBe(
      "2.6.12-1+deb12u4",
    );
    expect(haproxyVersionFrom("command not found")).toBeNull();
  });
});

// Debian's haproxy: .ci/run installs it when missing, as the bench itself does (findOrInstallHaproxy).
describe("startHaproxy", () => {
  it("sends consecutive requests to each instance in turn, and stops", async () => {
    const instances = await Promise.all(
      ["a", "b"].map(
        (name) =>
          new Promise<{ server: http.Server; port: number }>((resolve) => {
            const server = http.createServer((_request, response) => response.end(name));
            server.listen(0, "127.0.0.1", () => {
              const address = server.address();
              resolve({ server, port: typeof address === "object" && address ? address.port : 0 });
            });
          }),
      ),
    );
    const balancer = await startHaproxy(
      HAPROXY_PATH,
      instances.map((instance) => instance.port),
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
});
