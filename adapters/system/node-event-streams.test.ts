/**
 * The event stream connection over a real Node HTTP response: headers and bytes as written, what
 * the client has not taken counted as unsent (the broadcast drops a subscriber on it), closing.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { nodeEventStreams } from "./node-event-streams.ts";
import type { EventStreamConnection } from "../../domain/ports/index.ts";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

/** A server whose every request becomes an event stream; the connections it opened, and their closes. */
async function streamServer() {
  const opened: { connection: EventStreamConnection; answered: Response; closes: number }[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const entry = { closes: 0 } as (typeof opened)[number];
    const r = nodeEventStreams().open({ incoming, outgoing }, { "content-type": "text/event-stream", "x-probe": "1" }, () => entry.closes++);
    Object.assign(entry, r);
    opened.push(entry);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const get = () =>
    new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
      const req = http.get({ hostname: "127.0.0.1", port, agent: false }, (res) => resolve({ req, res }));
      req.on("error", reject);
    });
  return { opened, get };
}

describe("nodeEventStreams", () => {
  it("has nothing to write to for a request without a Node response (app.request())", () => {
    expect(nodeEventStreams().open(undefined, {}, () => {})).toBeNull();
    expect(nodeEventStreams().open({}, {}, () => {})).toBeNull();
  });

  it("answers 200 with the headers, then the bytes as written", async () => {
    const s = await streamServer();
    const bytes = new TextEncoder().encode("event: ping\ndata: {}\n\n");
    const pending = s.get();
    await expect.poll(() => s.opened.length).toBe(1);
    s.opened[0]!.connection.write(bytes);
    const { res } = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/event-stream");
    expect(res.headers["x-probe"]).toBe("1");
    res.setEncoding("utf8");
    const first = await new Promise<string>((r) => res.once("data", r));
    expect(first).toBe("event: ping\ndata: {}\n\n");
    // What @hono/node-server takes as "already answered", so that it writes nothing more.
    expect(s.opened[0]!.answered.headers.get("x-hono-already-sent")).toBeTruthy();
    res.destroy();
  });

  it("counts what a client that stops reading leaves unsent, and nothing once it has read it all", async () => {
    const s = await streamServer();
    const pending = s.get();
    await expect.poll(() => s.opened.length).toBe(1);
    const { connection } = s.opened[0]!;
    connection.write(new Uint8Array(1));
    const { res } = await pending;
    res.pause();
    // Far more than the sockets' buffers hold (a few MB on loopback): the rest waits in the response.
    const chunk = new Uint8Array(1 << 20);
    for (let i = 0; i < 32; i++) connection.write(chunk);
    expect(connection.unsent).toBeGreaterThan(1 << 20);
    res.resume();
    await expect.poll(() => connection.unsent, { timeout: 30_000 }).toBe(0);
    res.destroy();
  });

  it("destroy closes the connection; it is then closed (unsent null) and its close is reported once", async () => {
    const s = await streamServer();
    const pending = s.get();
    await expect.poll(() => s.opened.length).toBe(1);
    const entry = s.opened[0]!;
    entry.connection.write(new Uint8Array(1));
    const { res } = await pending;
    const clientClosed = new Promise<void>((r) => res.once("close", () => r()));
    res.on("error", () => {});
    res.resume();
    entry.connection.destroy(new Error("too slow"));
    await clientClosed;
    expect(entry.connection.unsent).toBeNull();
    await expect.poll(() => entry.closes).toBe(1);
  });

  it("reports a close by the client once", async () => {
    const s = await streamServer();
    const pending = s.get();
    await expect.poll(() => s.opened.length).toBe(1);
    const entry = s.opened[0]!;
    entry.connection.write(new Uint8Array(1));
    const { req } = await pending;
    req.destroy();
    await expect.poll(() => entry.closes).toBe(1);
    expect(entry.connection.unsent).toBeNull();
  });
});
