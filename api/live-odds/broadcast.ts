/**
 * Server-sent events to many subscribers at the cost of one: each batch of items from the source
 * (one poll's changes) is serialised and encoded ONCE into SSE frames (`event: <name>\ndata:
 * <json>\n\n` per item, one Uint8Array for the batch) and the same bytes are written to every
 * subscriber; one ping timer serves all of them with one shared frame per tick. A subscriber is its
 * connection where the HTTP server lets us write to it (attach(), EventStreams in
 * domain/ports/event-streams.ts), or else a ReadableStream and its controller (open()).
 *
 * - A subscriber's stream opens with `retry: <ms>` and a ping, once the source is listening (so a
 *   change made after a client has seen its first ping reaches it).
 * - A subscriber that stops reading is dropped: once more than `maxQueueBytes` wait unread for it
 *   (beyond what the socket buffers hold), its connection is closed (a stream is errored, which
 *   discards its queue and makes the server close the connection).
 * - A disconnect (the connection closes, or the server cancels the stream) removes the subscriber
 *   at once; the source subscription and the ping timer stop with the last one.
 *
 * Nothing here is shared between processes: what is sent comes from the source (the database
 * poller), so every instance sends the same changes to its own subscribers.
 */

import type { EventStreamConnection } from "../../domain/ports/event-streams.ts";

/** Where items come from (the PollingHub): batches of items; resolves once it is listening, with the unsubscribe. */
export interface BroadcastSource<T> {
  subscribe(listener: (items: T[]) => void): Promise<() => void>;
}

export interface SseBroadcastOptions<T> {
  source: BroadcastSource<T>;
  /** The SSE event name of an item ("odds"). */
  event: string;
  /** An item as the event's data: one line (JSON.stringify has no raw newlines). */
  serialize(item: T): string;
  /** How often every subscriber gets a ping; the data comes from `pingData()`. */
  pingMs: number;
  pingData(): string;
  /** The reconnection delay a client is told when its stream opens. */
  retryMs: number;
  /** Bytes a subscriber may leave waiting unread before it is dropped. */
  maxQueueBytes: number;
}

const encoder = new TextEncoder();

/** One server-sent event as text; `data` must be a single line. */
export const sseText = (event: string, data: string, retryMs?: number): string =>
  `event: ${event}\ndata: ${data}\n${retryMs === undefined ? "" : `retry: ${retryMs}\n`}\n`;

/** One server-sent event as bytes. */
export const sseFrame = (event: string, data: string, retryMs?: number): Uint8Array => encoder.encode(sseText(event, data, retryMs));

/** Every stream counts its queue in bytes (one shared strategy, no per-stream closure). */
const BYTES: QueuingStrategy<Uint8Array> = { highWaterMark: 0, size: (chunk) => chunk.byteLength };

/** The reason a too-slow subscriber's stream is errored with. */
export class SlowSubscriberError extends Error {
  constructor(maxQueueBytes: number) {
    super(`Dropped: more than ${maxQueueBytes} bytes of server-sent events waiting unread`);
    this.name = "SlowSubscriberError";
    // Servers log the error that ends a response; the call stack says nothing here, so one line.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** A subscriber as the broadcast sees it: a connection, or a web stream's controller dressed as one (open()). */
type Subscriber = EventStreamConnection;

/** A web stream's controller as a subscriber: what waits in its queue is what is unsent. */
function controllerSubscriber(controller: ReadableStreamDefaultController<Uint8Array>): Subscriber {
  return {
    write: (chunk) => controller.enqueue(chunk),
    get unsent() {
      const room = controller.desiredSize;
      return room === null ? null : -room;
    },
    destroy: (reason) => controller.error(reason),
  };
}

export class SseBroadcast<T> {
  private readonly opts: SseBroadcastOptions<T>;
  private readonly subscribers = new Set<Subscriber>();
  /** Streams being opened (waiting for the source); they keep the source subscription alive. */
  private opening = 0;
  private unsubscribeSource: (() => void) | null = null;
  private joining: Promise<void> | null = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  /** Counters for tests and diagnostics: items and pings serialised, chunks handed to subscribers, subscribers dropped. */
  readonly stats = { itemsEncoded: 0, pingsEncoded: 0, chunksEnqueued: 0, dropped: 0 };

  constructor(opts: SseBroadcastOptions<T>) {
    this.opts = opts;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Whether the ping timer is running (one for all subscribers, only while there are any). */
  get isPinging(): boolean {
    return this.pinger !== null;
  }

  /**
   * A new subscriber's stream. Resolves once the source is listening, with `retry` and a ping
   * already queued. The subscriber leaves when the stream is cancelled: @hono/node-server cancels
   * it when the connection closes, a reader by cancel().
   */
  async open(): Promise<ReadableStream<Uint8Array>> {
    await this.joined();
    let subscriber!: Subscriber;
    const stream = new ReadableStream<Uint8Array>(
      {
        start: (c) => {
          subscriber = controllerSubscriber(c);
        },
        cancel: () => {
          this.leave(subscriber);
        },
      },
      BYTES,
    );
    this.add(subscriber);
    return stream;
  }

  /**
   * A new subscriber written to its connection as it is. Resolves, once the source is listening and
   * `retry` and a ping are written, with its leave, which the caller runs when the connection closes.
   */
  async attach(connection: EventStreamConnection): Promise<() => void> {
    await this.joined();
    this.add(connection);
    return () => this.leave(connection);
  }

  private async joined(): Promise<void> {
    this.opening++;
    try {
      await this.join();
    } finally {
      this.opening--;
    }
  }

  private add(subscriber: Subscriber): void {
    subscriber.write(sseFrame("ping", this.opts.pingData(), this.opts.retryMs));
    this.subscribers.add(subscriber);
    this.pinger ??= this.startPinger();
  }

  /** Send items to every subscriber: each serialised once, all encoded into one chunk, the same bytes for all. */
  publish(items: readonly T[]): void {
    if (items.length === 0) return;
    let text = "";
    for (const item of items) text += sseText(this.opts.event, this.opts.serialize(item));
    this.stats.itemsEncoded += items.length;
    this.send(encoder.encode(text));
  }

  private send(chunk: Uint8Array): void {
    const limit = this.opts.maxQueueBytes;
    for (const subscriber of this.subscribers) {
      const unsent = subscriber.unsent;
      if (unsent === null || unsent >= limit) {
        this.drop(subscriber);
        continue;
      }
      try {
        subscriber.write(chunk);
        this.stats.chunksEnqueued++;
      } catch {
        this.leave(subscriber); // closed under us: it is gone
      }
    }
  }

  private drop(subscriber: Subscriber): void {
    this.leave(subscriber);
    this.stats.dropped++;
    try {
      subscriber.destroy(new SlowSubscriberError(this.opts.maxQueueBytes));
    } catch {
      /* already errored */
    }
  }

  private join(): Promise<void> {
    if (this.unsubscribeSource) return Promise.resolve();
    return (this.joining ??= this.opts.source
      .subscribe((items) => this.publish(items))
      .then((off) => {
        this.unsubscribeSource = off;
      })
      .finally(() => {
        this.joining = null;
      }));
  }

  private startPinger(): ReturnType<typeof setInterval> {
    const timer = setInterval(() => {
      this.stats.pingsEncoded++;
      this.send(sseFrame("ping", this.opts.pingData()));
    }, this.opts.pingMs);
    // Pings alone do not keep a process alive (open connections do).
    (timer as { unref?: () => void }).unref?.();
    return timer;
  }

  private leave(subscriber: Subscriber): void {
    if (this.subscribers.delete(subscriber)) this.stopIfIdle();
  }

  private stopIfIdle(): void {
    if (this.subscribers.size > 0 || this.opening > 0) return;
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    this.unsubscribeSource?.();
    this.unsubscribeSource = null;
  }
}
