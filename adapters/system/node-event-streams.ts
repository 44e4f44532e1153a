/**
 * Event streams written straight to the connection under @hono/node-server, the server both entries
 * run (Node, and Deno on its node:http): that server hands each request's Node response to the app
 * as `env.outgoing`, and takes RESPONSE_ALREADY_SENT as "answered". Through a web stream every
 * subscriber also kept a ReadableStream, its controller and queue, the Response and the server's
 * loop copying one into the other: about 3 KB more of each of 5,000 subscribers' memory
 * (docs/benchmarks.md, "The stream's memory").
 */
import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { EventStreamConnection, EventStreams } from "../../domain/ports/event-streams.ts";

/** The Node response of this request, if the app runs under @hono/node-server (not app.request()). */
function responseOf(env: unknown): ServerResponse | null {
  const outgoing = (env as { outgoing?: Partial<ServerResponse> } | undefined)?.outgoing;
  return outgoing && typeof outgoing.writeHead === "function" && typeof outgoing.write === "function" ? (outgoing as ServerResponse) : null;
}

/**
 * Node keeps the header block it sent for the response's whole life, as the tree of small strings
 * `+=` built it from (about 70 of them, 2.2 KB, for our 18 headers). Converting a string to a number
 * makes V8 flatten it in place (one 0.8 KB string; the pieces are freed); the number is not used.
 * Where the server keeps no such string (another runtime's node:http), nothing happens.
 */
function flattenSentHeader(res: ServerResponse): void {
  const header = (res as unknown as { _header?: unknown })._header;
  if (typeof header === "string") Number(header);
}

/** A subscriber as its response: what waits unsent is what the response and its socket still buffer. */
class ResponseConnection implements EventStreamConnection {
  private readonly res: ServerResponse;
  constructor(res: ServerResponse) {
    this.res = res;
  }
  write(chunk: Uint8Array): void {
    this.res.write(chunk);
  }
  get unsent(): number | null {
    return this.res.destroyed || this.res.writableEnded ? null : this.res.writableLength;
  }
  destroy(): void {
    // Without the reason: given one, Node reports it as the client's error ('clientError').
    this.res.destroy();
  }
}

export function nodeEventStreams(): EventStreams {
  return {
    open(env, headers, onClose) {
      const res = responseOf(env);
      if (!res) return null;
      res.once("close", onClose);
      res.writeHead(200, headers);
      flattenSentHeader(res);
      return { connection: new ResponseConnection(res), answered: RESPONSE_ALREADY_SENT };
    },
  };
}
