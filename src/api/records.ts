import { apiSlice } from './apiSlice';
import type { FileRecord } from './files';
import type { IssuedTo } from '../../server/src/contract/issues';
import { managementUrl, stockTags, stockUrl, type StockKind, type StockRecord } from './stock';
import { idTag, listTag, listTags, recordTag } from './tags';

// What a record page shows beyond the lists: one stock record (SERVER.md §4.2), a chemical's files and where a
// record was issued (docs/api.md).

export interface RecordArgs<K extends StockKind = StockKind> {
  kind: K;
  id: number;
}

/** A file of a chemical's page; the server lists the safety data sheets first, newest first. */
export type ChemicalFile = FileRecord & { safety_data_sheet: boolean };

/** The safety data sheet a chemical's page offers first, given its files in the server's order. */
export function newestSafetyDataSheet(files: readonly ChemicalFile[]): ChemicalFile | undefined {
  return files.find((file) => file.safety_data_sheet);
}

/** One location a record went to, summed over its issues, in the record's unit. */
export type { IssuedTo } from '../../server/src/contract/issues';

export const recordsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // A merge or an import changes quantities without naming each record, and refetches the kind's list tag.
    stockRecord: build.query<StockRecord, RecordArgs>({
      query: ({ kind, id }) => `${stockUrl(kind)}${id}/`,
      providesTags: (_record, _error, { kind, id }) => [idTag(stockTags[kind], id), listTag(stockTags[kind])],
    }),
    chemicalFiles: build.query<ChemicalFile[], number>({
      query: (id) => `${stockUrl('chemical')}${id}/files/`,
      // An upload, a link change or a deletion of any file may change the list.
      providesTags: (files) => listTags('File', files),
    }),
    // A merge into any location and a return both write to the record's ledger, which they refetch.
    issuedTo: build.query<IssuedTo[], RecordArgs>({
      query: ({ kind, id }) => `${managementUrl(kind)}${id}/issued-to/`,
      providesTags: (_rows, _error, { kind, id }) => [recordTag('StockLedger', kind, id)],
    }),
  }),
});

export const { useStockRecordQuery, useLazyStockRecordQuery, useChemicalFilesQuery, useIssuedToQuery } =
  recordsApi;
