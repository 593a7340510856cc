/**
 * Writes a text field's value without telling React: React's onChange reports it at the next input event (the
 * element's native setter leaves React's own record of the value behind, which it then finds changed).
 */
export function writeFieldValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/** Sets a text field's value as if typed: React's (controlled) field reports it to its onChange. */
export function setFieldValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  writeFieldValue(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
