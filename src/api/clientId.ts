/**
 * This tab's id, sent with every request as X-Client-Id: the server writes it into the change feed's events of the
 * writes it asked for (docs/api.md §27), which this tab has already invalidated for itself and so skips.
 */
export const CLIENT_ID_HEADER = 'X-Client-Id';

export const CLIENT_ID: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
