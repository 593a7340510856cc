import { createAction } from '@reduxjs/toolkit';
import { apiSlice } from './apiSlice';
import { derivedTags } from './changeTags';
import type { HazardFields } from './ghs';
import { managementUrl, stockTags, type StockKind, type StockRecord, type StockWriteFields } from './stock';
import { specOf, type SpecTable } from './stockKinds';
import type {
  Shipment as ContractShipment,
  ShipmentLine as MergedLine,
  StagingLine,
} from '../../server/src/contract/shipments';
import {
  idTag,
  kindListTag,
  kindTagTypes,
  listTag,
  listTags,
  onSuccess,
  recordTag,
  type TagType,
} from './tags';

// SERVER.md §5–§7: the signed-in user's staging list per kind, its merge into stock, brand-new stock records
// and the shipment history.

// The merge's rule for a record's expiry date and price (docs/api.md §11, §23.2), which its confirmation shows.
export { mergedExpiryDate, mergedUnitPriceE4, type Lot } from '../../server/src/domain/shipmentMerge';
export { fromUnitPriceE4, toUnitPriceE4 } from '../../server/src/domain/unitPrice';

/** A staged line: the stock record it adds to (with its current quantity) and the quantity to add. */
export interface ShipmentLine<K extends StockKind = StockKind> {
  id: number;
  item: StockRecord<K>;
  quantity: number;
  /** docs/api.md §11: the date on what arrives (the merge keeps the record's earliest); always null for instruments. */
  expiry_date: string | null;
  /** docs/api.md §23.2: the price of what arrives, per ml or piece, averaged into the record's; null: none. */
  unit_price: number | null;
}

/** The server names a line's reference field after the kind (`chemical`, `instrument`, `glassware`): one is there. */
type ServerLine = StagingLine<StockKind>;

export interface NewShipmentLine {
  kind: StockKind;
  /** The stock-record id. */
  itemId: number;
  /** ml for chemicals, whole pieces otherwise; null lets the server name the missing field. */
  quantity: number | null;
  /** Chemicals and glassware only; null: none. */
  expiryDate?: string | null;
  /** Per ml or piece; null: none (the record keeps its price). */
  unitPrice?: number | null;
}

export interface ShipmentLineChange {
  kind: StockKind;
  id: number;
  quantity: number | null;
  /** Chemicals and glassware only; null clears it. */
  expiryDate?: string | null;
  /** Null clears it. */
  unitPrice?: number | null;
}

/**
 * A brand-new item: the fields of the kind's new-item form (its `stagingForm` view) and, for a kind with hazard data,
 * that data. The quantity starts at 0, and a computed field (the molecular weight) comes from the others.
 */
export type NewStockItem = {
  [K in StockKind]: {
    kind: K;
    fields: Pick<
      StockWriteFields<K>,
      Extract<keyof StockWriteFields<K>, SpecTable[K]['views']['stagingForm'][number]>
    > &
      (SpecTable[K]['hazards'] extends true ? Partial<HazardFields> : unknown);
  };
}[StockKind];

/** A merged line (SERVER.md §7): the record as SPEC §3 describes it, in plain names, and the quantities it moved. */
export type HistoryLine<K extends StockKind = StockKind> = MergedLine<K>;

/** docs/api.md §10: who undid a shipment and when (null while it stands), and until when it can still be undone. */
type ShipmentUndo = Pick<ServerShipment, 'reverted_at' | 'reverted_by' | 'undo_until'>;

export interface Shipment<K extends StockKind = StockKind> extends ShipmentUndo {
  id: number;
  date_time: string;
  lines: HistoryLine<K>[];
}

/** The history with the kind it was asked for, so the page can pick the columns without guessing. */
export type ShipmentHistory = { [K in StockKind]: { type: K; shipments: Shipment<K>[] } }[StockKind];

type ServerShipment = ContractShipment<StockKind>;

export interface ShipmentToRevert {
  kind: StockKind;
  id: number;
}

/** The event Redux DevTools shows for an undone shipment: its kind and the shipment as the server now has it. */
export const shipmentReverted = createAction<{ kind: StockKind; shipment: Shipment }>(
  'shipments/shipmentReverted',
);

export const shipmentLineTags = kindTagTypes('ShipmentLine') satisfies Record<StockKind, TagType>;

const stagingUrl = (kind: StockKind) => `/api/management/${kind}-temp-shipment/`;

/** The key of a shipment's lines in the §7 shape (`chemicals`). */
const linesKey = (kind: StockKind) => specOf(kind).shipmentLinesKey;

/** The §7 shipment with its lines under one key, whatever the kind. */
function fromServer(shipment: ServerShipment, kind: StockKind): Shipment {
  const { id, date_time, reverted_at, reverted_by, undo_until } = shipment;
  return {
    id,
    date_time,
    reverted_at,
    reverted_by,
    undo_until,
    lines: shipment[linesKey(kind)] ?? [],
  } as Shipment;
}

/** SERVER.md §5 and SPEC §7: quantity 0 and store 1; a glassware name travels nested under `glassware`. */
function newItemBody(item: NewStockItem) {
  const created = { quantity: 0, store: 1 };
  if (item.kind !== 'glassware') return { ...item.fields, ...created };
  const { name, ...rest } = item.fields;
  return { glassware: { name }, ...rest, ...created };
}

export const shipmentsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listShipmentLines: build.query<ShipmentLine[], StockKind>({
      query: stagingUrl,
      transformResponse: (lines: ServerLine[], _meta, kind) =>
        lines.map(({ id, quantity, expiry_date = null, unit_price = null, [kind]: item }) => ({
          id,
          quantity,
          expiry_date,
          unit_price,
          item: item!,
        })),
      providesTags: (lines, _error, kind) => listTags(shipmentLineTags[kind], lines),
    }),
    addShipmentLine: build.mutation<unknown, NewShipmentLine>({
      query: ({ kind, itemId, quantity, expiryDate, unitPrice }) => ({
        url: stagingUrl(kind),
        method: 'POST',
        body: { [kind]: itemId, quantity, expiry_date: expiryDate, unit_price: unitPrice },
      }),
      invalidatesTags: onSuccess(({ kind }) => [
        listTag(shipmentLineTags[kind]),
        ...derivedTags(`${kind}_staging`),
      ]),
    }),
    // SPEC §4: a staged line changes in its quantity, and (docs/api.md §11, §23.2) in the expiry date and the price
    // of what arrives.
    updateShipmentLine: build.mutation<unknown, ShipmentLineChange>({
      query: ({ kind, id, quantity, expiryDate, unitPrice }) => ({
        url: `${stagingUrl(kind)}${id}/`,
        method: 'PATCH',
        body: { quantity, expiry_date: expiryDate, unit_price: unitPrice },
      }),
      invalidatesTags: onSuccess(({ kind, id }) => [
        idTag(shipmentLineTags[kind], id),
        ...derivedTags(`${kind}_staging`),
      ]),
    }),
    deleteShipmentLine: build.mutation<void, { kind: StockKind; id: number }>({
      query: ({ kind, id }) => ({ url: `${stagingUrl(kind)}${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess(({ kind, id }) => [
        idTag(shipmentLineTags[kind], id),
        ...derivedTags(`${kind}_staging`),
      ]),
    }),
    // The merge empties the list and raises the stock of the kind: the Store lists and searches of that kind
    // refetch, and so do its shipment history, the ledger and the history of each record the shipment added to.
    mergeShipment: build.mutation<ServerShipment, StockKind>({
      query: (kind) => ({ url: `${stagingUrl(kind)}merge/`, method: 'POST' }),
      // A date or price the merge changes on a record is an edit of it in the audit log (docs/api.md §11, §23.2):
      // with dated or priced lines in the list being merged, the audit log refetches too. The list is read before
      // it empties.
      async onQueryStarted(kind, { dispatch, getState, queryFulfilled }): Promise<void> {
        const staged = shipmentsApi.endpoints.listShipmentLines.select(kind)(getState()).data;
        const dated = (staged ?? []).some((line) => line.expiry_date !== null || line.unit_price !== null);
        const merged = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (merged && dated) dispatch(apiSlice.util.invalidateTags(derivedTags('audit')));
      },
      invalidatesTags: onSuccess((kind, shipment) => [
        listTag(shipmentLineTags[kind]),
        listTag(stockTags[kind]),
        kindListTag('Shipment', kind),
        ...(shipment?.[linesKey(kind)] ?? []).map((line) => recordTag('StockLedger', kind, line.stock_id)),
        ...derivedTags(`${kind}_staging`, kind, 'shipment', 'ledger'),
      ]),
    }),
    createNewStockItem: build.mutation<StockRecord, NewStockItem>({
      query: (item) => ({ url: managementUrl(item.kind), method: 'POST', body: newItemBody(item) }),
      // Created with no stock: audited, and no ledger entry.
      invalidatesTags: onSuccess(({ kind }) => [listTag(stockTags[kind]), ...derivedTags(kind, 'audit')]),
    }),
    listShipments: build.query<ShipmentHistory, StockKind>({
      query: (type) => ({ url: '/api/management/shipments/', params: { type } }),
      transformResponse: (shipments: ServerShipment[], _meta, type) =>
        ({ type, shipments: shipments.map((shipment) => fromServer(shipment, type)) }) as ShipmentHistory,
      providesTags: (_history, _error, type) => [kindListTag('Shipment', type)],
    }),
    // docs/api.md §8: REVERSAL entries take every line back. The kind's history, stock lists and searches refetch,
    // and so do the ledger and the histories of the records the shipment added to.
    revertShipment: build.mutation<Shipment, ShipmentToRevert>({
      query: ({ id }) => ({ url: `/api/management/shipments/${id}/revert/`, method: 'POST' }),
      transformResponse: (shipment: ServerShipment, _meta, { kind }) => fromServer(shipment, kind),
      async onQueryStarted({ kind }, { dispatch, queryFulfilled }) {
        const { data: shipment } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (shipment) dispatch(shipmentReverted({ kind, shipment }));
      },
      invalidatesTags: onSuccess(({ kind }, shipment) => [
        kindListTag('Shipment', kind),
        listTag(stockTags[kind]),
        ...[...new Set(shipment?.lines.map((line) => line.stock_id))].map((id) =>
          recordTag('StockLedger', kind, id),
        ),
        // The dates and prices it gives back are edits in the audit log (docs/api.md §8).
        ...derivedTags(kind, 'shipment', 'ledger', 'audit'),
      ]),
    }),
  }),
});

export const {
  useListShipmentLinesQuery,
  useAddShipmentLineMutation,
  useUpdateShipmentLineMutation,
  useDeleteShipmentLineMutation,
  useMergeShipmentMutation,
  useCreateNewStockItemMutation,
  useListShipmentsQuery,
  useRevertShipmentMutation,
} = shipmentsApi;
