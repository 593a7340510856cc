import { byKind, specOf, type StockKind } from '../api/stockKinds';

// The public address of a stock record: the page a shared link, a label's QR code and a scan open. The one place
// that knows its shape: the router's record routes, the record links, the labels and the scanner all use it.

export interface RecordRef {
  kind: StockKind;
  id: number;
}

/** The first path segment of each kind's record pages. */
export const recordSegments = byKind((kind) => specOf(kind).segments.page);

const kindOfSegment = new Map(
  Object.entries(recordSegments).map(([kind, segment]) => [segment, kind as StockKind]),
);

/** `/chemicals/12` */
export function recordPath({ kind, id }: RecordRef): string {
  return `/${recordSegments[kind]}/${id}`;
}

/** `https://labstore.example.org/chemicals/12`: what a label's QR code holds. */
export function recordUrl(ref: RecordRef, origin = window.location.origin): string {
  return `${origin}${recordPath(ref)}`;
}

// Any host: a label printed from one address of the server (its name, its IP) is scanned at a terminal that may
// use another, and the path alone identifies the record.
const RECORD_URL = /^(?:https?:\/\/[^/\s?#]+)?\/([a-z]+)\/([1-9]\d{0,15})\/?$/i;

/** The record a scanned or typed text names, when it has the shape of a record URL (or its path); else null. */
export function parseRecordUrl(text: string): RecordRef | null {
  const match = RECORD_URL.exec(text.trim());
  if (!match) return null;
  const kind = kindOfSegment.get(match[1].toLowerCase());
  const id = Number(match[2]);
  return kind && Number.isSafeInteger(id) ? { kind, id } : null;
}
