import { config } from '../app/config';
import { apiSlice } from './apiSlice';
import type { LibraryFile as FileRecord } from '../../server/src/contract/files';
import { derivedTags } from './changeTags';
import { progressQuery } from './progressRequest';
import { idTag, listTag, listTags, onSuccess } from './tags';
import { ifMatch, onSuccessOrStale } from './versions';

// SERVER.md §12: the file library.

export type {
  FileChemical as LinkedChemical,
  LibraryFile as FileRecord,
} from '../../server/src/contract/files';

export interface FileUpload {
  file: File;
  categories: number[];
  /** Chemical stock record ids. */
  chemicals: number[];
  /** Called as the file goes out, with the share sent so far in whole percent. */
  onProgress?: (percent: number) => void;
}

const url = '/api/filemanager/files/';

/** Where a stored file opens: the configured public file base (empty: this origin) plus its path. */
export function fileUrl(file: FileRecord): string {
  return `${config.fileBaseUrl}${file.file.path}`;
}

/** The stored file's name without the folder. */
export function fileName(file: FileRecord): string {
  return file.file.path.slice(file.file.path.lastIndexOf('/') + 1);
}

function uploadForm({ file, categories, chemicals }: FileUpload): FormData {
  const form = new FormData();
  for (const id of categories) form.append('categories', String(id));
  for (const id of chemicals) form.append('chemicals', String(id));
  form.append('file', file);
  return form;
}

// Uploads, link changes and deletions are audited (docs/api.md §6).
export const filesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listFiles: build.query<FileRecord[], void>({
      query: () => url,
      // A linked stock record's edit or delete changes what the list shows about it.
      providesTags: (files) => [
        ...listTags('File', files),
        ...(files ?? []).flatMap((file) =>
          file.chemicals.map((chemical) => idTag('ChemicalStock', chemical.id)),
        ),
      ],
    }),
    uploadFile: build.mutation<FileRecord, FileUpload>({
      queryFn: async (upload, api, extraOptions) => {
        const request = {
          url,
          method: 'POST',
          body: uploadForm(upload),
          onProgress: upload.onProgress,
        } as const;
        const result = await progressQuery(request, api, extraOptions);
        return result.error ? { error: result.error } : { data: result.data as FileRecord };
      },
      invalidatesTags: onSuccess(() => [listTag('File'), ...derivedTags('file', 'audit')]),
    }),
    /**
     * Replaces the file's linked chemicals: linking and unlinking both send the whole new list, and the version of
     * the file the list was read from.
     */
    setFileChemicals: build.mutation<FileRecord, { id: number; chemicals: number[]; version: number }>({
      query: ({ id, chemicals, version }) => ({
        url: `${url}${id}/`,
        method: 'PATCH',
        body: { chemicals },
        headers: ifMatch(version),
      }),
      invalidatesTags: onSuccessOrStale(
        ({ id }) => [idTag('File', id), ...derivedTags({ topic: 'file', action: 'updated' }, 'audit')],
        ({ id }) => [idTag('File', id)],
      ),
    }),
    deleteFile: build.mutation<void, number>({
      query: (id) => ({ url: `${url}${id}/`, method: 'DELETE' }),
      invalidatesTags: onSuccess((id) => [
        idTag('File', id),
        ...derivedTags({ topic: 'file', action: 'deleted' }, 'audit'),
      ]),
    }),
  }),
});

export const {
  useListFilesQuery,
  useUploadFileMutation,
  useSetFileChemicalsMutation,
  useDeleteFileMutation,
} = filesApi;
