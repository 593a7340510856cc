// Files the server sends as attachments to signed-in users: read through the API (the Bearer header), then handed
// to the browser's downloads.

/** The file name the server gives in Content-Disposition (`attachment; filename="…"`, docs/api.md §7.2). */
function attachmentName(response: Response): string | undefined {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1];
}

/** Reads a download to the end, reporting the bytes as they arrive; `fallbackName` when the answer names none. */
export async function readDownload(
  response: Response,
  fallbackName: string,
  onProgress?: (bytes: number) => void,
) {
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

/** Hands a downloaded file to the browser, which saves it under `fileName`. */
export function saveFile(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(href);
}
