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
 * The server's refusal of fields (SERVER.md §1.4: a list of messages under a field's name), by field, fields without
 * a message left out: the one reading of a 400's body, which the forms say beside each field (api/fieldMessages.ts).
 */
export function fieldMessageLists(error: ApiError | undefined): Record<string, string[]> {
  if (!error || !('status' in error) || typeof error.status !== 'number' || !isRecord(error.data)) return {};
  return Object.fromEntries(
    Object.entries(error.data).flatMap(([field, value]) =>
      Array.isArray(value) && value.length > 0 ? [[field, value.map(String)]] : [],
    ),
  );
}

/** Whether a failure is the server refusing fields (fieldMessageLists), rather than a 409's detail or a network error. */
export function hasFieldErrors(error: ApiError | undefined): boolean {
  return Object.keys(fieldMessageLists(error)).length > 0;
}
