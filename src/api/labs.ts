import type { Holding, LabMember } from '../../server/src/contract/labs';
import { apiSlice } from './apiSlice';
import type { Page, PageRequest } from './paging';
import { idTag, listTags } from './tags';

// A lab's own view (docs/api.md §22): what it holds and who belongs to it. Its issue history is SERVER.md
// §8.3's list of the location, which api/locations.ts reads.

export type { Holding, LabMember } from '../../server/src/contract/labs';

export const labsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // Issues to the location and returns from it refetch its issue history under this tag, and so its holdings.
    /** Everything the lab holds, in one answer: what its CSV export writes. */
    labHoldings: build.query<Holding[], number>({
      query: (locationId) => `/api/labs/${locationId}/holdings/`,
      providesTags: (_holdings, _error, locationId) => [idTag('Issue', locationId)],
    }),
    /** One page of it (docs/api.md §22.1): what the lab page shows, a lab holding thousands of records. */
    labHoldingsPage: build.query<Page<Holding>, { locationId: number } & PageRequest>({
      query: ({ locationId, limit, offset }) => ({
        url: `/api/labs/${locationId}/holdings/`,
        params: { limit, offset },
      }),
      providesTags: (_page, _error, { locationId }) => [idTag('Issue', locationId)],
    }),
    // A new account refetches the users' list tag; an edit of a member its own.
    labMembers: build.query<LabMember[], number>({
      query: (locationId) => `/api/labs/${locationId}/members/`,
      providesTags: (members) => listTags('User', members),
    }),
  }),
});

export const { useLazyLabHoldingsQuery, useLabHoldingsPageQuery, useLabMembersQuery } = labsApi;
