import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query';
import { config } from '../app/config';
import { loggedOut, selectToken, type SessionState } from './session';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: config.apiBaseUrl,
  prepareHeaders: (headers, { getState }) => {
    // SPEC §7: every call carries the header, with an empty token when signed out.
    headers.set('Authorization', `Bearer ${selectToken(getState() as SessionState) ?? ''}`);
    return headers;
  },
});

/** fetchBaseQuery that ends the session when a signed-in call is refused: the token has expired or was revoked. */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const signedIn = selectToken(api.getState() as SessionState) !== null;
  const result = await rawBaseQuery(args, api, extraOptions);
  if (signedIn && result.error?.status === 401) api.dispatch(loggedOut());
  return result;
};
