import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { EditConflict } from '../../server/src/contract/versions';
import type { ApiError } from './errorMessage';
import type { Tag } from './tags';

// No silent overwrites (docs/api.md §28): every edit of a stock record, location, account, category or file names
// the version its form was opened with in If-Match; the server refuses it with 412 when the row changed meanwhile,
// telling who changed it, when, and how it reads now. Endpoints send the header with `ifMatch`, forms detect the
// refusal with `editConflictOf`, and the error toasts leave it to the form.

export type { EditConflict } from '../../server/src/contract/versions';

/** The If-Match header of an edit based on `version`: `"3"`. */
export function ifMatch(version: number): { 'If-Match': string } {
  return { 'If-Match': `"${version}"` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The 412 of an edit whose version is older than the row's, or undefined for any other outcome. */
export function editConflictOf<T>(
  error: ApiError | FetchBaseQueryError | undefined | null,
): EditConflict<T> | undefined {
  if (!error || !('status' in error) || error.status !== 412 || !isRecord(error.data)) return undefined;
  const body = error.data;
  return typeof body.version === 'number' && isRecord(body.current)
    ? (body as unknown as EditConflict<T>)
    : undefined;
}

/**
 * invalidatesTags of a versioned edit: `tags` once it succeeded; after a 412, `stale` (what shows the row, which the
 * server has newer than the cache: the page behind the form refetches it and shows the current values); after any
 * other failure nothing, as `onSuccess`.
 */
export function onSuccessOrStale<Result, Arg>(
  tags: (arg: Arg, result: Result | undefined) => Tag[],
  stale: (arg: Arg) => Tag[],
) {
  return (result: Result | undefined, error: FetchBaseQueryError | undefined, arg: Arg): Tag[] => {
    if (!error) return tags(arg, result);
    return editConflictOf(error) ? stale(arg) : [];
  };
}
