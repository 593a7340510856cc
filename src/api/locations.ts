import { apiSlice } from './apiSlice';
import { idTag, listTag, onSuccess } from './tags';

// SERVER.md §8: locations (store consumers), the tree of them by type, and the issues made to each.

export type ConsumerType = 'PHYSICAL' | 'ORGANIC' | 'INORGANIC' | 'PERSONAL';

export interface Location {
  id: number;
  name: string;
  consumer_type: ConsumerType;
  room_number: string;
  building_name: string;
  created_at: string;
}

export type NewLocation = Pick<Location, 'name' | 'consumer_type' | 'room_number' | 'building_name'>;

/** The consumers tree's key for each type; the server always sends all four. */
export const treeGroups = {
  PHYSICAL: 'PhysicalLab',
  ORGANIC: 'OrganicLab',
  INORGANIC: 'InorganicLab',
  PERSONAL: 'Personal',
} as const satisfies Record<ConsumerType, string>;

export type TreeGroup = (typeof treeGroups)[ConsumerType];

export interface LocationEntry {
  id: number;
  name: string;
}

export type ConsumersTree = Record<TreeGroup, LocationEntry[]>;

export interface IssuedItem {
  /** The stock record's id. */
  id: number;
  name: string;
  /** CHEMICAL, INSTRUMENT or GLASSWARE; read it with stockKindOf. */
  object_type: string;
  quantity: number;
}

export interface Issue {
  id: number;
  created_at: string;
  objects: IssuedItem[];
}

export const locationsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    consumersTree: build.query<ConsumersTree, void>({
      query: () => '/api/management/consumers-tree/',
      providesTags: () => [listTag('Location')],
    }),
    createLocation: build.mutation<Location, NewLocation>({
      query: (location) => ({ url: '/api/management/store-consumers/', method: 'POST', body: location }),
      invalidatesTags: onSuccess(() => [listTag('Location'), listTag('Audit')]),
    }),
    // Newest first. Tagged by the location's id, so issuing to one location refetches only its history.
    issuesForLocation: build.query<Issue[], number>({
      query: (locationId) => `/api/management/issues/${locationId}/`,
      providesTags: (_issues, _error, locationId) => [idTag('Issue', locationId)],
    }),
  }),
});

export const { useConsumersTreeQuery, useCreateLocationMutation, useIssuesForLocationQuery } = locationsApi;
