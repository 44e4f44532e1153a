/**
 * Endless event streams (the live odds) written by the HTTP server straight to each client's
 * connection (adapters/system/node-event-streams.ts), where the server allows it. Each of thousands
 * of subscribers then holds its connection and nothing more: no web ReadableStream, its queue, the
 * Response and the server's loop copying one into the other.
 */
export interface EventStreamConnection {
  /** Sends bytes as they are. */
  write(chunk: Uint8Array): void;
  /** Bytes written that the client has not taken yet (beyond what its socket buffers); null once closed. */
  readonly unsent: number | null;
  /** Ends the connection at once (a subscriber too slow to keep), with the reason for the server's log. */
  destroy(reason: Error): void;
}

export interface EventStreams {
  /**
   * Answers the request with status 200 and `headers` on its own connection; `onClose` runs once when
   * that connection closes. Null when the request came without a connection to write to (the app
   * called as a function, in tests): the caller answers with a web stream instead. `answered` is what
   * the fetch handler returns, so that the server does not answer a second time.
   */
  open(env: unknown, headers: Record<string, string>, onClose: () => void): { connection: EventStreamConnection; answered: Response } | null;
}
