import http from "node:http";
import { isStopMessage, type ChildMessage } from "./messages";

// The scale-out bench's load balancer when HAProxy cannot be found or installed (bench/api/haproxy.ts),
// and the multi-instance test's, in a process of its own so it does not share the load generator's
// event loop: a round-robin HTTP proxy over the server ports in BENCH_PROXY_PORTS ("4001,4002"), with
// kept-alive connections to each server, as a real load balancer keeps them. It is measured with one
// server behind it too, so the ratio of two servers to one is not the cost of the proxy itself.
// The multi-instance test (src/server/multi-instance) puts it in front of several product processes and
// sets BENCH_PROXY_UPSTREAM_HEADER=1: each answer then names the server port that gave it, in
// `X-Upstream-Port`, so the test sees consecutive requests land on different instances.

function send(message: ChildMessage): void {
  process.send?.(message);
}

const upstreamPorts = (process.env.BENCH_PROXY_PORTS ?? "")
  .split(",")
  .map((port) => Number(port.trim()))
  .filter((port) => Number.isInteger(port) && port > 0);

if (upstreamPorts.length === 0) {
  send({ type: "failed", message: "BENCH_PROXY_PORTS names no port" });
  process.exit(1);
}

const nameUpstream = process.env.BENCH_PROXY_UPSTREAM_HEADER === "1";
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const proxy = http.createServer((incoming, outgoing) => {
  const port = upstreamPorts[next % upstreamPorts.length] as number;
  next += 1;
  const upstream = http.request(
    {
      host: "127.0.0.1",
      port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
      agent,
    },
    (answer) => {
      outgoing.writeHead(
        answer.statusCode ?? 502,
        nameUpstream ? { ...answer.headers, "x-upstream-port": String(port) } : answer.headers,
      );
      answer.pipe(outgoing);
    },
  );
  upstream.on("error", () => {
    if (!outgoing.headersSent) {
      outgoing.writeHead(502, nameUpstream ? { "x-upstream-port": String(port) } : undefined);
    }
    outgoing.end();
  });
  incoming.pipe(upstream);
});

proxy.listen(0, "127.0.0.1", () => {
  const address = proxy.address();
  if (!address || typeof address === "string") {
    send({ type: "failed", message: "the proxy has no TCP port" });
    process.exit(1);
  }
  send({ type: "ready", port: address.port });
});

const stop = () => {
  proxy.close();
  agent.destroy();
  process.exit(0);
};
process.on("message", (message) => {
  if (isStopMessage(message)) stop();
});
process.on("disconnect", stop);
process.once("SIGTERM", stop);
