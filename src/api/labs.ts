import { apiSlice } from './apiSlice';
import type { Page, PageRequest } from './paging';
import type { LabRole } from './roles';
import type { StockRecord } from './stock';
import { idTag, listTags } from './tags';

// A lab's own view (docs/api.md §22): what it holds and who belongs to it. Its issue history is SERVER.md
// §8.3's list of the location, which api/locations.ts reads.

/** A record issued to the lab and not all returned (docs/api.md §22.1); quantities in the record's unit. */
export interface Holding {
  /** CHEMICAL, INSTRUMENT or GLASSWARE; read it with stockKindOf. */
  object_type: string;
  object_id: number;
  issued_quantity: number;
  returned_quantity: number;
  /** What the lab holds: issued minus returned. */
  quantity: number;
  /** The record as the store has it; its own `quantity` is the store's. */
  object: StockRecord;
}

/** A person of the lab's member list (lab managers see it). */
export interface LabMember {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: LabRole;
}

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
