import { act } from '@testing-library/react';

/**
 * The browser's EventSource, which jsdom lacks, as a test double the test feeds: the server's own stream is tested
 * over HTTP in the server's tests and end to end in the browser tests; here a test sends the events the server
 * would send and sees what the page does with them. `install()` puts it on the window for one test file.
 */
export class TestEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static readonly opened: TestEventSource[] = [];

  readyState = TestEventSource.CONNECTING;

  constructor(readonly url: string) {
    super();
    TestEventSource.opened.push(this);
  }

  close(): void {
    this.readyState = TestEventSource.CLOSED;
  }

  /** The stream last opened, still open. */
  static current(): TestEventSource {
    const source = TestEventSource.opened.at(-1);
    if (!source || source.readyState === TestEventSource.CLOSED) throw new Error('No event stream is open.');
    return source;
  }

  /** Sends one event as the server would: `event:` type, `id:` and `data:` JSON. */
  send(type: string, data: object, id: number): void {
    this.readyState = TestEventSource.OPEN;
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) }));
    });
  }

  /** The connection fails: `closed`, for an answer the browser does not retry; otherwise it reconnects itself. */
  fail(closed: boolean): void {
    this.readyState = closed ? TestEventSource.CLOSED : TestEventSource.CONNECTING;
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }

  static install(): void {
    beforeEach(() => {
      TestEventSource.opened.length = 0;
      Object.defineProperty(window, 'EventSource', { value: TestEventSource, configurable: true });
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'EventSource');
    });
  }
}
