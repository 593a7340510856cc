import type { Fund, NewFund as FundFields } from '../../server/src/contract/funds';
import type {
  FulfilPick as ContractFulfilPick,
  LabRequest,
  NewRequest,
  NewRequestLine,
  PickSuggestion,
} from '../../server/src/contract/requests';
import { REQUEST_STATUSES } from '../../server/src/domain/requests';
import { apiSlice } from './apiSlice';
import { derivedTags } from './changeTags';
import type { Issue } from './locations';
import { filterParams, type Page, type PageRequest } from './paging';
import { stockKindOf, stockTags } from './stock';
import { STOCK_KINDS } from './stockKinds';
import { idTag, listTag, listTags, onSuccess, pagesTag, recordTag } from './tags';

// docs/api.md §25–§26: a lab's funds and its requests to the store, from submission through the lab manager's (and
// for CMR lines the store's) approval to the store's fulfilment. Who may take which step is the server's table
// (server/src/domain/requests.ts), which the pages read from here: a button shows only where the table allows its step.

export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export {
  allows,
  LINE_NOTE_MAX_LENGTH,
  openQuantity,
  pickFacts,
  REQUEST_STATUSES,
  REQUEST_TEXT_MAX_LENGTH,
  type RequestAction,
} from '../../server/src/domain/requests';

export type { Fund, FundRef, NewFund as FundFields } from '../../server/src/contract/funds';
export type {
  LabRequest,
  PickSuggestion,
  RequestLine,
  SuggestedPick,
} from '../../server/src/contract/requests';

/** A line being written: a quantity not given yet is null, so the server names the missing field. */
export type RequestLineFields = Omit<NewRequestLine, 'quantity'> & { quantity: number | null };

/** A request being written: no fund chosen yet is null, which the server names. */
export type RequestFields = Omit<NewRequest, 'fund' | 'lines'> & {
  fund: number | null;
  lines: RequestLineFields[];
};

export interface RequestListArgs extends PageRequest {
  /** Statuses to keep; none: every status (a lab's list) or what the store still has to issue (the store's). */
  statuses?: readonly RequestStatus[];
}

/** A pick being written: a quantity not given yet is null, so the server names the missing field. */
export type FulfilPick = Omit<ContractFulfilPick, 'quantity'> & { quantity: number | null };

/** The words the pages show for a status. */
export const requestStatusLabels: Record<RequestStatus, string> = {
  submitted: 'Submitted',
  returned: 'Returned for changes',
  awaiting_store_approval: 'Awaiting store approval',
  approved: 'Approved',
  partly_fulfilled: 'Partly fulfilled',
  fulfilled: 'Fulfilled',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

const statusParam = (statuses: readonly RequestStatus[] | undefined) =>
  statuses && statuses.length > 0 ? statuses.join(',') : undefined;

/** A decision changes the request and moves it between the filtered lists; it is an audit entry too. */
const decided = ({ id }: { id: number }) => [
  idTag('Request', id),
  listTag('Request'),
  ...derivedTags({ topic: 'request', action: 'updated' }, 'audit'),
];

export const requestsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    labFunds: build.query<Fund[], number>({
      query: (locationId) => `/api/labs/${locationId}/funds/`,
      providesTags: (funds) => listTags('Fund', funds),
    }),
    createFund: build.mutation<Fund, { locationId: number; fields: FundFields }>({
      query: ({ locationId, fields }) => ({
        url: `/api/labs/${locationId}/funds/`,
        method: 'POST',
        body: fields,
      }),
      invalidatesTags: onSuccess(() => [listTag('Fund'), ...derivedTags('fund', 'audit')]),
    }),
    // Requests and statements name the fund by its code and name.
    updateFund: build.mutation<Fund, { locationId: number; id: number; fields: Partial<FundFields> }>({
      query: ({ locationId, id, fields }) => ({
        url: `/api/labs/${locationId}/funds/${id}/`,
        method: 'PATCH',
        body: fields,
      }),
      invalidatesTags: onSuccess(({ id }) => [
        idTag('Fund', id),
        ...derivedTags({ topic: 'fund', action: 'updated' }, 'audit'),
      ]),
    }),

    labRequests: build.query<Page<LabRequest>, RequestListArgs & { locationId: number }>({
      query: ({ locationId, statuses, limit, offset }) => ({
        url: `/api/labs/${locationId}/requests/`,
        params: filterParams({ status: statusParam(statuses), limit, offset }),
      }),
      providesTags: (page) => listTags('Request', page?.results),
    }),
    storeRequests: build.query<Page<LabRequest>, RequestListArgs & { lab?: number }>({
      query: ({ statuses, lab, limit, offset }) => ({
        url: '/api/management/requests/',
        params: filterParams({ status: statusParam(statuses), lab, limit, offset }),
      }),
      providesTags: (page) => listTags('Request', page?.results),
    }),
    request: build.query<LabRequest, number>({
      query: (id) => `/api/requests/${id}/`,
      providesTags: (_request, _error, id) => [idTag('Request', id)],
    }),
    submitRequest: build.mutation<LabRequest, { locationId: number; fields: RequestFields }>({
      query: ({ locationId, fields }) => ({
        url: `/api/labs/${locationId}/requests/`,
        method: 'POST',
        body: fields,
      }),
      invalidatesTags: onSuccess(() => [listTag('Request'), ...derivedTags('request', 'audit')]),
    }),
    /** The requester's edit of a returned request, which submits it again. */
    resubmitRequest: build.mutation<LabRequest, { id: number; fields: Partial<RequestFields> }>({
      query: ({ id, fields }) => ({ url: `/api/requests/${id}/`, method: 'PATCH', body: fields }),
      invalidatesTags: onSuccess(decided),
    }),
    approveRequest: build.mutation<
      LabRequest,
      { id: number; lines?: { id: number; quantity: number | null }[] }
    >({
      query: ({ id, lines }) => ({
        url: `/api/requests/${id}/approve/`,
        method: 'POST',
        body: lines ? { lines } : {},
      }),
      invalidatesTags: onSuccess(decided),
    }),
    rejectRequest: build.mutation<LabRequest, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/requests/${id}/reject/`, method: 'POST', body: { reason } }),
      invalidatesTags: onSuccess(decided),
    }),
    returnRequest: build.mutation<LabRequest, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/requests/${id}/return/`, method: 'POST', body: { reason } }),
      invalidatesTags: onSuccess(decided),
    }),
    cancelRequest: build.mutation<LabRequest, { id: number }>({
      query: ({ id }) => ({ url: `/api/requests/${id}/cancel/`, method: 'POST' }),
      invalidatesTags: onSuccess(decided),
    }),
    // What is still open of an approved request, given up by the lab's manager or the store.
    cancelOpenRequest: build.mutation<LabRequest, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/api/requests/${id}/cancel-open/`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: onSuccess(decided),
    }),
    storeApproveRequest: build.mutation<LabRequest, { id: number }>({
      query: ({ id }) => ({ url: `/api/requests/${id}/store-approve/`, method: 'POST' }),
      invalidatesTags: onSuccess(decided),
    }),
    storeRejectRequest: build.mutation<LabRequest, { id: number; reason: string }>({
      query: ({ id, reason }) => ({
        url: `/api/requests/${id}/store-reject/`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: onSuccess(decided),
    }),

    // A suggestion of the moment: any change to the stock may change it.
    pickSuggestion: build.query<PickSuggestion, number>({
      query: (id) => `/api/management/requests/${id}/pick-suggestion/`,
      providesTags: (_suggestion, _error, id) => [
        idTag('Request', id),
        ...STOCK_KINDS.flatMap((kind) => [listTag(stockTags[kind]), pagesTag(stockTags[kind])]),
      ],
    }),
    fulfilRequest: build.mutation<
      { issue: Issue; request: LabRequest },
      { id: number; locationId: number; lines: FulfilPick[] }
    >({
      query: ({ id, lines }) => ({
        url: `/api/management/requests/${id}/fulfil/`,
        method: 'POST',
        body: { lines },
      }),
      // A 409 says the request or its stock changed meanwhile (a CMR hazard may even have sent the request back to
      // the store's approval, docs/api.md §26.8): the request is read again.
      invalidatesTags: (result, error, arg) =>
        error && 'status' in (error as object) && (error as { status: unknown }).status === 409
          ? decided(arg)
          : fulfilled(result, error, arg),
    }),
  }),
});

// One issue to the request's lab: its issue history and holdings, the stock of the kinds taken, the ledger and each
// record's history, the dashboard, the request lists and the month's statements and charges change.
const fulfilled = onSuccess(
  ({ id, locationId }: { id: number; locationId: number }, result: { issue: Issue } | undefined) => {
    const objects = result?.issue.objects ?? [];
    const kinds = new Set(objects.map((item) => stockKindOf(item.object_type)));
    return [
      ...decided({ id }),
      idTag('Issue', locationId),
      ...[...kinds].map((kind) => listTag(stockTags[kind])),
      ...objects.map((item) => recordTag('StockLedger', stockKindOf(item.object_type), item.id)),
      ...derivedTags('issue', ...kinds, 'ledger', 'charge'),
    ];
  },
);

export const {
  useLabFundsQuery,
  useCreateFundMutation,
  useUpdateFundMutation,
  useLabRequestsQuery,
  useStoreRequestsQuery,
  useRequestQuery,
  useSubmitRequestMutation,
  useResubmitRequestMutation,
  useApproveRequestMutation,
  useRejectRequestMutation,
  useReturnRequestMutation,
  useCancelRequestMutation,
  useCancelOpenRequestMutation,
  useStoreApproveRequestMutation,
  useStoreRejectRequestMutation,
  usePickSuggestionQuery,
  useFulfilRequestMutation,
} = requestsApi;
