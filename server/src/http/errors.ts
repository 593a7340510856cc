/** An error answered as `{"detail": …}` (plus optional extra keys and headers) with the given status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const notFound = (): HttpError => new HttpError(404, 'Not found.');

export const forbidden = (detail: string): HttpError => new HttpError(403, detail);

export const badRequest = (detail: string): HttpError => new HttpError(400, detail);

export const conflict = (detail: string): HttpError => new HttpError(409, detail);

export const methodNotAllowed = (method: string, allow: string[]): HttpError =>
  new HttpError(405, `Method "${method}" not allowed.`, {}, { allow: allow.join(', ') });

const MB = 1024 * 1024;
const KB = 1024;

/** 26214400 → `25 MB`; small test limits read as KB or bytes. */
export function describeSize(bytes: number): string {
  const [amount, unit] =
    bytes >= MB ? [bytes / MB, 'MB'] : bytes >= KB ? [bytes / KB, 'KB'] : [bytes, 'bytes'];
  return `${Number(amount.toFixed(1))} ${unit}`;
}

export const fileTooLarge = (maxBytes: number): HttpError =>
  new HttpError(413, `File too large. The limit is ${describeSize(maxBytes)}.`);
