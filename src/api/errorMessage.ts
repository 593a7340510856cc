import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export const GENERIC_ERROR = 'Something Went Wrong.';

export type ApiError = FetchBaseQueryError | SerializedError;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** SPEC §8's shared rule applied to an error body: the first key, and its first message when it holds a list. */
function bodyMessage(body: unknown): string {
  if (!isRecord(body)) return GENERIC_ERROR;
  const [first] = Object.entries(body);
  if (!first) return GENERIC_ERROR;
  const [key, value] = first;
  if (Array.isArray(value)) return value.length > 0 ? `${key}: ${String(value[0])}` : GENERIC_ERROR;
  return String(value);
}

function isAbort(error: string | undefined): boolean {
  return error?.startsWith('AbortError') ?? false;
}

/** The user-facing text for a failed call (SPEC §8), including the client-side failures. */
export function errorMessage(error: ApiError | undefined, timeoutMs = 0): string {
  if (!error) return GENERIC_ERROR;
  if (!('status' in error)) return error.name === 'AbortError' ? 'Request aborted' : GENERIC_ERROR;
  switch (error.status) {
    case 'FETCH_ERROR':
      return isAbort(error.error) ? 'Request aborted' : 'Network Error';
    case 'TIMEOUT_ERROR':
      return `timeout of ${timeoutMs} ms exceeded`;
    case 'PARSING_ERROR':
      return `Request failed with status code ${error.originalStatus}`;
    case 'CUSTOM_ERROR':
      return error.error;
    default:
      return bodyMessage(error.data);
  }
}

/**
 * Whether a failure is the server refusing fields (SERVER.md §1.4: a list of messages under a field's name), which
 * the form that sent them says beside each (api/fieldMessages.ts).
 */
export function hasFieldErrors(error: ApiError | undefined): boolean {
  if (!error || !('status' in error) || typeof error.status !== 'number' || !isRecord(error.data))
    return false;
  return Object.values(error.data).some((value) => Array.isArray(value) && value.length > 0);
}
