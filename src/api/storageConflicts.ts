import { apiSlice } from './apiSlice';
import type { StorageConflicts } from '../../server/src/contract/storageCompatibility';
import { idTag, listTag } from './tags';

// docs/api.md 'Hazard data': chemicals on their way to a location that must be stored apart from what is there.

export type { StorageConflict, StorageConflicts } from '../../server/src/contract/storageCompatibility';

export interface StorageConflictsArgs {
  locationId: number;
  /** Chemical stock-record ids, in any order. */
  chemicalIds: number[];
}

export const storageConflictsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    storageConflicts: build.query<StorageConflicts, StorageConflictsArgs>({
      query: ({ locationId, chemicalIds }) => ({
        url: `/api/management/store-consumers/${locationId}/storage-conflicts/`,
        params: { chemicals: chemicalIds.join(',') },
      }),
      // What is at the location changes with its issues and returns; a chemical's classes with its record.
      providesTags: (_conflicts, _error, { locationId }) => [
        idTag('Issue', locationId),
        listTag('ChemicalStock'),
      ],
    }),
  }),
});

export const { useStorageConflictsQuery } = storageConflictsApi;
