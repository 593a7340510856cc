import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { saveFile } from '../components/csvExport';
import { baseQuery } from './baseQuery';

// Files the server sends as attachments to signed-in users: read through the API (the Bearer header), then handed
// to the browser's downloads.

/** The file name the server gives in Content-Disposition (`attachment; filename="…"`, docs/api.md §7.2). */
function attachmentName(response: Response): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}

/** Reads a download to the end, reporting the bytes as they arrive; `fallbackName` when the answer names none. */
async function readDownload(response: Response, fallbackName: string, onProgress?: (bytes: number) => void) {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    chunks.push(part.value);
    received += part.value.byteLength;
    onProgress?.(received);
  }
  const type = response.headers.get('content-type') ?? 'text/csv';
  return { blob: new Blob(chunks, { type }), fileName: attachmentName(response) ?? fallbackName };
}

export interface Download {
  url: string;
  params?: Record<string, string | undefined>;
  /** The name to save under when the answer names none. */
  fallbackName: string;
  onProgress?: (bytes: number) => void;
}

/**
 * The queryFn of a download endpoint (a mutation, not a query: the file goes to the browser's downloads and only
 * its name to the store): the file read through the base query, then saved; a refusal is the API's error.
 */
export async function downloadFile(
  { url, params, fallbackName, onProgress }: Download,
  api: BaseQueryApi,
  extraOptions: object,
) {
  const result = await baseQuery(
    {
      url,
      params,
      responseHandler: (response) =>
        response.ok ? readDownload(response, fallbackName, onProgress) : response.json(),
    },
    api,
    extraOptions,
  );
  if (result.error) return { error: result.error };
  const { blob, fileName } = result.data as Awaited<ReturnType<typeof readDownload>>;
  saveFile(blob, fileName);
  return { data: fileName };
}
