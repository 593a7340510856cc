import { apiSlice } from './apiSlice';
import type { ColumnMapping, ImportPreview, ImportSummary } from '../../server/src/contract/imports';
import { derivedTags } from './changeTags';
import { downloadFile } from './download';
import type { Page, PageRequest } from './paging';
import { progressQuery } from './progressRequest';
import { stockTags, type StockKind } from './stock';
import { listTag, listTags, onSuccess, pagesTag } from './tags';

// docs/api.md §13: spreadsheet imports — upload → column mapping → preview → commit, the list of imports, undo.

export type {
  ColumnMapping,
  ImportPreview,
  ImportSummary,
  PreviewRow,
  RowOutcome,
} from '../../server/src/contract/imports';

export interface ImportUpload {
  kind: StockKind;
  file: File;
  /** The share of the file sent so far, in whole percent. */
  onProgress?: (percent: number) => void;
}

export interface ImportCommit {
  kind: StockKind;
  id: number;
  mapping: ColumnMapping;
  skipErrors: boolean;
}

const importsUrl = '/api/management/imports/';

/** What a commit or an undo changes: the kind's Store lists, the imports, and the records' ledger and audit entries. */
const stockChangedBy = (kind: StockKind) => [
  listTag(stockTags[kind]),
  pagesTag(stockTags[kind]),
  listTag('Import'),
  ...derivedTags(kind, 'import', 'ledger', 'audit'),
];

export const importsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Opens an import session; sent with XMLHttpRequest for its upload progress. */
    uploadImport: build.mutation<ImportSummary, ImportUpload>({
      queryFn: async ({ kind, file, onProgress }, api, extraOptions) => {
        const body = new FormData();
        body.append('file', file);
        const request = {
          url: `/api/management/${kind}-imports/`,
          method: 'POST',
          body,
          onProgress,
        } as const;
        const result = await progressQuery(request, api, extraOptions);
        return result.error ? { error: result.error } : { data: result.data as ImportSummary };
      },
      invalidatesTags: onSuccess(() => [listTag('Import')]),
    }),
    /** Every row's outcome under a mapping: a POST that writes nothing, so a mutation the wizard calls per step. */
    previewImport: build.mutation<ImportPreview, { id: number; mapping: ColumnMapping }>({
      query: ({ id, mapping }) => ({ url: `${importsUrl}${id}/preview/`, method: 'POST', body: { mapping } }),
    }),
    commitImport: build.mutation<ImportSummary, ImportCommit>({
      query: ({ id, mapping, skipErrors }) => ({
        url: `${importsUrl}${id}/commit/`,
        method: 'POST',
        body: { mapping, skip_errors: skipErrors },
      }),
      invalidatesTags: onSuccess(({ kind }) => stockChangedBy(kind)),
    }),
    /** A kind's imports, newest first, sessions never committed included. */
    /** One page of a kind's imports, newest first (docs/api.md §13.3). */
    listImports: build.query<Page<ImportSummary>, { kind: StockKind } & PageRequest>({
      query: ({ kind, limit, offset }) => ({ url: importsUrl, params: { type: kind, limit, offset } }),
      providesTags: (page) => listTags('Import', page?.results),
    }),
    revertImport: build.mutation<ImportSummary, { kind: StockKind; id: number }>({
      query: ({ id }) => ({ url: `${importsUrl}${id}/revert/`, method: 'POST' }),
      invalidatesTags: onSuccess(({ kind }) => stockChangedBy(kind)),
    }),
    /** The kind's empty template (its write fields as the header row), saved by the browser. */
    downloadImportTemplate: build.mutation<string, { kind: StockKind; format: 'csv' | 'xlsx' }>({
      queryFn: ({ kind, format }, api, extraOptions) =>
        downloadFile(
          {
            url: `/api/management/${kind}-imports/template/`,
            params: { format },
            fallbackName: `labstore-${kind}-import-template.${format}`,
          },
          api,
          extraOptions,
        ),
    }),
  }),
});

export const {
  useUploadImportMutation,
  usePreviewImportMutation,
  useCommitImportMutation,
  useListImportsQuery,
  useRevertImportMutation,
  useDownloadImportTemplateMutation,
} = importsApi;
