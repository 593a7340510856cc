import { apiSlice } from './apiSlice';
import type { MyLab, Role } from './roles';
import { wholeTag } from './tags';

/** The signed-in person (docs/api.md): who they are, their role and their labs. */
export interface Me {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  is_superuser: boolean;
  role: Role;
  /** By location id. */
  labs: MyLab[];
}

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
