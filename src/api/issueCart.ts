import { apiSlice } from './apiSlice';
import { derivedTags } from './changeTags';
import type { Issue } from './locations';
import { stockKindOf, stockTags } from './stock';
import type { CartLine, CartLineFields as ContractCartLineFields } from '../../server/src/contract/issueCart';
import { idTag, listTag, listTags, onSuccess, recordTag } from './tags';

// SERVER.md §9: the signed-in user's issue cart, merged into an issue for a location, charged to one of its funds
// or none, with its CMR lines confirmed by the store manager (docs/api.md §23.6).

/** Which of a record's hazard codes make it a CMR substance: the server's one table, which the merge checks too. */
export { cmrStatements } from '../../server/src/domain/chemistry/cmr';

/** What the app sends with the merge (docs/api.md §23.6); SERVER.md's own call sends no body. */
export interface CartIssue {
  locationId: number;
  /** One of the location's active funds; null: the charges go to the lab without a fund. */
  fund: number | null;
  /** The store manager confirmed the cart's CMR lines as a CMR issue. */
  cmr_confirmed: boolean;
}

/** The fields of a line as the app sends them: a null quantity lets the server name the missing field. */
export type CartLineFields = Omit<ContractCartLineFields, 'quantity'> & { quantity: number | null };

/** A line of the cart: the stock record with its current quantity. */
export type { CartLine } from '../../server/src/contract/issueCart';

const url = '/api/management/issue-cart/';

export const issueCartApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listIssueCart: build.query<CartLine[], void>({
      query: () => url,
      providesTags: (lines) => listTags('IssueCartLine', lines),
    }),
    addToIssueCart: build.mutation<CartLine, CartLineFields>({
      query: (line) => ({ url, method: 'POST', body: line }),
      invalidatesTags: onSuccess(() => [listTag('IssueCartLine'), ...derivedTags('cart')]),
    }),
    updateIssueCartLine: build.mutation<CartLine, CartLineFields & { id: number }>({
      query: (line) => ({ url: `${url}${line.id}/`, method: 'PUT', body: line }),
      invalidatesTags: onSuccess(() => [listTag('IssueCartLine'), ...derivedTags('cart')]),
    }),
    deleteIssueCartLine: build.mutation<void, number>({
      query: (id) => ({ url: `${url}${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess(() => [listTag('IssueCartLine'), ...derivedTags('cart')]),
    }),
    // The merge empties the cart and lowers the stock of every kind it held: those lists and searches
    // refetch, as do the location's issue history, the ledger, the history of each record issued and the
    // statements, which gain its charges.
    mergeIssueCart: build.mutation<Issue, CartIssue>({
      query: ({ locationId, ...body }) => ({ url: `${url}${locationId}/merge/`, method: 'POST', body }),
      invalidatesTags: onSuccess(({ locationId }, issue) => {
        const kinds = new Set((issue?.objects ?? []).map((item) => stockKindOf(item.object_type)));
        return [
          listTag('IssueCartLine'),
          idTag('Issue', locationId),
          ...[...kinds].map((kind) => listTag(stockTags[kind])),
          ...(issue?.objects ?? []).map((item) =>
            recordTag('StockLedger', stockKindOf(item.object_type), item.id),
          ),
          ...derivedTags('cart', 'issue', ...kinds, 'ledger', 'charge', 'audit'),
        ];
      }),
    }),
  }),
});

export const {
  useListIssueCartQuery,
  useAddToIssueCartMutation,
  useUpdateIssueCartLineMutation,
  useDeleteIssueCartLineMutation,
  useMergeIssueCartMutation,
} = issueCartApi;
