import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { config } from '../app/config';
import { CLIENT_ID, CLIENT_ID_HEADER } from './clientId';
import { loggedOut, selectToken, type SessionState } from './session';

/** SPEC §7: every call carries the header, with an empty token when signed out. */
export function authorizationHeader(state: unknown): string {
  return `Bearer ${selectToken(state as SessionState) ?? ''}`;
}

/** The absolute URL of an API path such as '/api/filemanager/files/', as the base query builds it. */
export function apiUrl(path: string): string {
  return `${config.apiBaseUrl}${path}`;
}

/** Wraps a query function so that a signed-in call refused with 401 ends the session: the token has expired
 * or was revoked. */
export function endingSessionOn401<Args, Result, Meta>(
  query: BaseQueryFn<Args, Result, FetchBaseQueryError, object, Meta>,
): BaseQueryFn<Args, Result, FetchBaseQueryError, object, Meta> {
  return async (args, api, extraOptions) => {
    const signedIn = selectToken(api.getState() as SessionState) !== null;
    const result = await query(args, api, extraOptions);
    if (signedIn && result.error?.status === 401) api.dispatch(loggedOut());
    return result;
  };
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: config.apiBaseUrl,
  prepareHeaders: (headers, { getState }) => {
    headers.set('Authorization', authorizationHeader(getState()));
    headers.set(CLIENT_ID_HEADER, CLIENT_ID);
    return headers;
  },
});

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> =
  endingSessionOn401(rawBaseQuery);
