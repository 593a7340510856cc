import { writeFieldValue } from '../components/fieldValue';

/**
 * What public/after-first-paint.js kept of the input on a prerendered screen before the app ran, in its order: a
 * button clicked, or a key typed (printable, Enter or Backspace) with the element that had the focus.
 */
export type EarlyInput = { button: HTMLButtonElement } | { key: string; target: EventTarget | null };

declare global {
  interface Window {
    /** What was clicked and typed before the app ran; kept until the app takes the list (sets this to undefined). */
    labstoreEarlyInput?: EarlyInput[];
  }
}

function isTextField(element: unknown): element is HTMLInputElement | HTMLTextAreaElement {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
}

/**
 * Types the keys as the browser would have, now that the app listens: a keydown for its handlers (the scanner takes
 * a record's URL and Enter, issue 33), then, unless one of them took it, the key's own effect in a text field. The
 * browser types nothing for a key it did not send itself, so the text goes in as the app's own fields take it: at
 * once, but announced to React (an input event, a render) only before Enter, a click or the end. The keys are
 * all made first, so that, however long the page takes over each, they came as close together as a scanner's do
 * (useScanner times a scan by when its keys came).
 */
export function replayEarlyInput(early: readonly EarlyInput[]): void {
  const typedInto = new Set<HTMLInputElement | HTMLTextAreaElement>();
  const announce = () => {
    for (const field of typedInto) field.dispatchEvent(new Event('input', { bubbles: true }));
    typedInto.clear();
  };
  const made = early.map((input) =>
    'key' in input
      ? {
          ...input,
          keydown: new KeyboardEvent('keydown', { key: input.key, bubbles: true, cancelable: true }),
        }
      : input,
  );
  for (const input of made) {
    if ('button' in input) {
      announce();
      if (input.button.isConnected) input.button.click();
      continue;
    }
    const { key, target, keydown } = input;
    // A key typed in a field goes to it; one typed elsewhere goes where the focus is now (the terminal's search box,
    // which takes the focus when the app runs), as it would have once the app ran.
    const element =
      isTextField(target) && target.isConnected ? target : (document.activeElement ?? document.body);
    if (!element.dispatchEvent(keydown) || !isTextField(element)) continue;
    if (key === 'Enter') {
      announce();
      element.form?.requestSubmit();
    } else {
      writeFieldValue(element, key === 'Backspace' ? element.value.slice(0, -1) : element.value + key);
      typedInto.add(element);
    }
  }
  announce();
}
