import { apiSlice } from './apiSlice';
import type { Credentials, TokenPair } from '../../server/src/contract/auth';

export type { Credentials, TokenPair } from '../../server/src/contract/auth';

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenPair, Credentials>({
      query: (credentials) => ({ url: '/api/token/', method: 'POST', body: credentials }),
    }),
    verifyToken: build.query<void, string>({
      query: (token) => ({
        url: '/api/token/varify/',
        method: 'POST',
        body: { token },
        // SPEC §9: only 200 counts as a valid token, not any 2xx.
        validateStatus: (response) => response.status === 200,
      }),
      // Verify again on every entry to the admin area: a cached answer may be about an expired token.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLoginMutation, useVerifyTokenQuery } = authApi;
