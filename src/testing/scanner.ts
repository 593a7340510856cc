import userEvent from '@testing-library/user-event';

// A keyboard-wedge scanner types a label's QR code (a record's public URL) and Enter, a key every few
// milliseconds. jsdom renders a busy page far slower than a browser, so while a scan is typed the page's clock
// (performance.now, one of the two useScanner reads) is held still, everything else running in real time: the
// keys then arrive as a scanner's would.

const everythingButThePageClock = [
  'Date',
  'hrtime',
  'nextTick',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/** Types `code` then Enter, as a scanner does, into `field` or wherever the focus is. */
export async function scan(code: string, field?: Element): Promise<void> {
  const user = userEvent.setup({ delay: null });
  if (field) await user.click(field);
  jest.useFakeTimers({ doNotFake: [...everythingButThePageClock] });
  try {
    await user.keyboard(`${code}{Enter}`);
  } finally {
    jest.useRealTimers();
  }
}
