import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import type { ChangeEventData } from '../domain/changeTopics';
import { buildTestApp, type TestApp } from '../testing/testApp';
import { until } from '../testing/waiting';
import { EventStream } from './eventStream';
import type { FeedEvent } from './hub';

/**
 * What a stream holds for a client that stops reading (docs/api.md §27.6), with nothing between the server and the
 * client to absorb it: a client whose connection takes the first bytes written and nothing after (on a real socket
 * the kernel's buffers, megabytes on loopback, come first, and stream.test.ts drops one through them).
 */

/** A client that stopped reading: the first write is never done, so everything after it waits in the server. */
class StalledClient extends Writable {
  /** The most the server held for this client at any moment. */
  mostHeld = 0;
  readonly socket = { destroyed: false };

  constructor() {
    super({ highWaterMark: 16 * 1024 });
    const write = this.write.bind(this) as (...args: unknown[]) => boolean;
    this.write = ((...args: unknown[]) => {
      const ok = write(...args);
      this.mostHeld = Math.max(this.mostHeld, this.writableLength);
      return ok;
    }) as Writable['write'];
  }

  override _write(_chunk: Buffer, _encoding: BufferEncoding, _done: (error?: Error | null) => void): void {
    // Never done: the client takes nothing more.
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A stream open on the test app's hub for `client`, live: `ended` resolves when it is dropped. */
async function openStream(client: StalledClient, drainTimeoutMs: number) {
  let ended!: () => void;
  const endedPromise = new Promise<void>((resolve) => (ended = resolve));
  const stream = new EventStream({
    raw: client as unknown as ServerResponse,
    hub: t.app.changeHub,
    db: t.db,
    viewer: null,
    signedOut: false,
    lastEventId: undefined,
    heartbeatMs: 60_000,
    drainTimeoutMs,
    now: () => new Date(),
    onEnd: ended,
  });
  await stream.open();
  return { stream, ended: endedPromise };
}

let nextSeq = 1_000_000;
/** `count` public events of `idsEach` ids each (a location's, which everyone hears of), after every seq so far. */
function events(count: number, idsEach: number): FeedEvent[] {
  return Array.from({ length: count }, () => {
    nextSeq += 1;
    const data: ChangeEventData = {
      topic: 'location',
      action: 'updated',
      ids: Array.from({ length: idsEach }, (_, index) => 100_000_000 + index),
      lab_id: null,
      user_id: null,
      actor_id: null,
      origin: null,
    };
    return { seq: nextSeq, data };
  });
}

describe('a client that stops reading', () => {
  it('is held at most 64 KiB and dropped once it has not drained for the drain timeout', async () => {
    const client = new StalledClient();
    const { stream, ended } = await openStream(client, 200);
    let dropped = false;
    void ended.then(() => (dropped = true));
    // 1,000 events of about 10 KB: 10 MB the client never takes.
    const batch = events(1000, 1000);
    for (let index = 0; index < batch.length; index += 100) stream.deliver(batch.slice(index, index + 100));
    expect(dropped).toBe(false);
    await until(() => dropped, 5000);
    expect(client.destroyed).toBe(true);
    expect(client.mostHeld).toBeLessThanOrEqual(64 * 1024);
  });

  it('is dropped at once when more than 2,000 events wait for it', async () => {
    const client = new StalledClient();
    const { stream, ended } = await openStream(client, 60_000);
    let dropped = false;
    void ended.then(() => (dropped = true));
    // Enough to fill what the client is ever given, then small events up to the bound.
    stream.deliver(events(10, 1000));
    stream.deliver(events(1900, 1));
    await Promise.resolve();
    expect(dropped).toBe(false);
    stream.deliver(events(200, 1));
    await until(() => dropped, 1000);
    expect(client.mostHeld).toBeLessThanOrEqual(64 * 1024);
  });
});
