import { apiSlice } from './apiSlice';
import type { OwnAccount as Me } from '../../server/src/contract/users';
import { wholeTag } from './tags';

/** The signed-in person (docs/api.md): who they are, their role and their labs, by location id. */
export type { OwnAccount as Me } from '../../server/src/contract/users';

export const meApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // Keyed by the access token, though the base query sends it anyway: each sign-in reads its own answer, so the
    // next person at the same browser is never routed by the last one's role.
    me: build.query<Me, string>({
      query: () => '/api/account/me/',
      providesTags: () => [wholeTag('Me')],
    }),
  }),
});

export const { useMeQuery } = meApi;
