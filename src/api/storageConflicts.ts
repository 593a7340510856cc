import { apiSlice } from './apiSlice';
import { idTag, listTag } from './tags';

// docs/api.md 'Hazard data': chemicals on their way to a location that must be stored apart from what is there.

interface ConflictingChemical {
  id: number;
  name: string;
  purity: number;
}

export interface StorageConflict {
  rule: 'OXIDISER_FLAMMABLE' | 'ACID_BASE' | 'WATER_REACTIVE_AQUEOUS';
  reason: string;
  chemical: ConflictingChemical;
  conflicts_with: ConflictingChemical & { already_issued: boolean };
}

export interface StorageConflicts {
  /** The first conflicts, in the server's order. */
  conflicts: StorageConflict[];
  /** How many more there are. */
  more_conflicts: number;
}

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
