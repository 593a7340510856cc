import { createAction } from '@reduxjs/toolkit';
import { apiSlice } from './apiSlice';
import { derivedTags } from './changeTags';
import { stockKindOf, stockTags } from './stock';
import { idTag, listTag, onSuccess, recordTag } from './tags';
import { ifMatch, onSuccessOrStale } from './versions';
import type { Issue, IssuedItem } from '../../server/src/contract/issues';
import type {
  ConsumersTree,
  ConsumerType,
  Location,
  LocationFields as NewLocation,
} from '../../server/src/contract/locations';

// SERVER.md §8: locations (store consumers), the tree of them by type, and the issues made to each.

export type {
  ConsumersTree,
  ConsumerType,
  Location,
  LocationEntry,
  LocationFields as NewLocation,
} from '../../server/src/contract/locations';
export type { Issue, IssuedItem } from '../../server/src/contract/issues';

/** The consumers tree's key for each type; the server always sends all four. */
export const treeGroups = {
  PHYSICAL: 'PhysicalLab',
  ORGANIC: 'OrganicLab',
  INORGANIC: 'InorganicLab',
  PERSONAL: 'Personal',
} as const satisfies Record<ConsumerType, string>;

export type TreeGroup = (typeof treeGroups)[ConsumerType];

export interface IssueLineReturn {
  locationId: number;
  issueId: number;
  item: IssuedItem;
  /** ml for chemicals, whole pieces otherwise; null lets the server name the missing field. */
  quantity: number | null;
}

/** The event Redux DevTools shows for a return: the location and the issue as the server now has it. */
export const issueLineReturned = createAction<{ locationId: number; issue: Issue }>(
  'issues/issueLineReturned',
);

export const locationsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    consumersTree: build.query<ConsumersTree, void>({
      query: () => '/api/management/consumers-tree/',
      providesTags: () => [listTag('Location')],
    }),
    createLocation: build.mutation<Location, NewLocation>({
      query: (location) => ({ url: '/api/management/store-consumers/', method: 'POST', body: location }),
      invalidatesTags: onSuccess(() => [listTag('Location'), ...derivedTags('location', 'audit')]),
    }),
    // One location with all its fields (signed-in), as its edit form starts from.
    location: build.query<Location, number>({
      query: (id) => `/api/management/store-consumers/${id}/`,
      providesTags: (_location, _error, id) => [idTag('Location', id)],
    }),
    // The tree shows its name and group; refused as stale (412), the location and the tree refetch. An edit
    // reapplied over a newer version sends only the fields the person changed (a PATCH, docs/api.md §28).
    updateLocation: build.mutation<
      Location,
      { id: number; version: number } & ({ fields: NewLocation } | { changes: Partial<NewLocation> })
    >({
      query: ({ id, version, ...edit }) => ({
        url: `/api/management/store-consumers/${id}/`,
        ...('changes' in edit
          ? { method: 'PATCH', body: edit.changes }
          : { method: 'PUT', body: edit.fields }),
        headers: ifMatch(version),
      }),
      invalidatesTags: onSuccessOrStale(
        ({ id }) => [
          idTag('Location', id),
          listTag('Location'),
          ...derivedTags({ topic: 'location', action: 'updated' }, 'audit'),
        ],
        ({ id }) => [idTag('Location', id), listTag('Location')],
      ),
    }),
    // Newest first. Tagged by the location's id, so issuing to one location refetches only its history.
    issuesForLocation: build.query<Issue[], number>({
      query: (locationId) => `/api/management/issues/${locationId}/`,
      providesTags: (_issues, _error, locationId) => [idTag('Issue', locationId)],
    }),
    // docs/api.md §9: the quantity goes back into stock as a RETURN ledger entry and a negative charge. The
    // location's issues, the stock lists and searches of the item's kind, the ledger, the record's history and the
    // statements refetch.
    returnIssueLine: build.mutation<Issue, IssueLineReturn>({
      query: ({ issueId, item, quantity }) => ({
        url: `/api/management/issues/${issueId}/lines/${item.line_id}/return/`,
        method: 'POST',
        body: { quantity },
      }),
      async onQueryStarted({ locationId }, { dispatch, queryFulfilled }) {
        const { data: issue } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (issue) dispatch(issueLineReturned({ locationId, issue }));
      },
      invalidatesTags: onSuccess(({ locationId, item }) => {
        const kind = stockKindOf(item.object_type);
        return [
          idTag('Issue', locationId),
          listTag(stockTags[kind]),
          recordTag('StockLedger', kind, item.id),
          ...derivedTags('issue', kind, 'ledger', 'charge'),
        ];
      }),
    }),
  }),
});

export const {
  useConsumersTreeQuery,
  useCreateLocationMutation,
  useLocationQuery,
  useUpdateLocationMutation,
  useIssuesForLocationQuery,
  useReturnIssueLineMutation,
} = locationsApi;
