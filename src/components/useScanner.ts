import { useEffect, useRef } from 'react';
import { setFieldValue } from './fieldValue';
import { parseRecordUrl, type RecordRef } from './recordUrls';

// Keyboard-wedge barcode scanners "type" what they read, then Enter, far faster than a person: a LabStore label's
// QR code reads as a record URL (recordUrls.ts). Outside a text field nothing else listens to keys, so any typed
// record URL ending in Enter is a scan; inside one (a search box), only a burst of keys this fast is, so a person
// typing a URL into the box is left to search for it.

/** Longest pause between two keys of one scan in a text field. */
export const SCAN_KEY_GAP_MS = 30;
/** Fewest keys of a burst in a text field that can be a scan (a record URL's path alone is longer). */
export const SCAN_MIN_KEYS = 8;
/** Outside a text field, a pause this long starts a new code. */
const LOOSE_KEY_GAP_MS = 2000;

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

/** Takes the scanned text back out of the field it was typed into. */
function removeTypedText(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  if (field.value.endsWith(text)) setFieldValue(field, field.value.slice(0, -text.length));
}

/** Calls `onScan` with the record of each LabStore label scanned while the component is shown. */
export function useScanner(onScan: (record: RecordRef) => void, enabled = true): void {
  const latest = useRef(onScan);
  useEffect(() => {
    latest.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    let typed = '';
    let lastKeyAt = { came: Number.NEGATIVE_INFINITY, handled: Number.NEGATIVE_INFINITY };

    // Capture phase on the window: a recognised Enter is taken before a form submits or a suggestion list picks.
    const onKeyDown = (event: KeyboardEvent) => {
      const inField = isTextField(event.target);
      // Two clocks, and the shorter pause counts: when the key came (a page busy rendering handles a scanner's keys
      // late, at intervals of its rendering) and when it is handled (the one a test can hold still).
      const gap = Math.min(event.timeStamp - lastKeyAt.came, performance.now() - lastKeyAt.handled);
      if (event.key === 'Enter') {
        // Keys typed just before the scan (in the same burst) are not part of it: the code starts at its scheme.
        const start = typed.toLowerCase().lastIndexOf('http');
        const scanned = start > 0 ? typed.slice(start) : typed;
        typed = '';
        const fastEnough = !inField || (gap <= SCAN_KEY_GAP_MS && scanned.length >= SCAN_MIN_KEYS);
        const record = fastEnough ? parseRecordUrl(scanned) : null;
        if (!record) return;
        event.preventDefault();
        event.stopPropagation();
        if (inField) removeTypedText(event.target as HTMLInputElement, scanned);
        latest.current(record);
        return;
      }
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) {
        // Shift and the like come with a scanner's capitals; anything else ends what was being typed.
        if (event.key !== 'Shift') typed = '';
        return;
      }
      if (gap > (inField ? SCAN_KEY_GAP_MS : LOOSE_KEY_GAP_MS)) typed = '';
      typed += event.key;
      lastKeyAt = { came: event.timeStamp, handled: performance.now() };
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [enabled]);
}
