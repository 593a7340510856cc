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
