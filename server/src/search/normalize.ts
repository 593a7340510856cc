/** Lower-cased, trimmed, whitespace runs collapsed to one space (SERVER.md §11). */
export function normalize(text: string): string {
  return text.toLowerCase().trim().replace(/\s+/g, ' ');
}

const WORD_SEPARATORS = /[\s\-,()/]+/;

/** The words of a normalised field: its parts split at whitespace and at `-` `,` `(` `)` `/`. */
export function words(field: string): string[] {
  return field.split(WORD_SEPARATORS).filter((word) => word.length > 0);
}
