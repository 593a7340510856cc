import { parse } from 'csv-parse/sync';

/** A file the page handed to the browser to save (components/csvExport's saveFile, or ledger's download). */
export interface SavedFile {
  name: string;
  blob: Blob;
}

// The spies of the running test, undone after it so that links click normally again in the next.
const spies: { mockRestore: () => void }[] = [];
afterEach(() => spies.splice(0).forEach((spy) => spy.mockRestore()));

/**
 * Catches the files the page saves during this test: jsdom neither makes object URLs nor follows a download link,
 * so the URL a blob gets is remembered and the link's click records the blob under its download name.
 */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const objectUrls = new Map<string, Blob>();
  spies.push(
    jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const href = `blob:export-${objectUrls.size}`;
      objectUrls.set(href, blob as Blob);
      return href;
    }),
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: objectUrls.get(this.href)! });
    }),
  );
  return saved;
}

/** A saved CSV file's rows, header first, after checking it starts with the UTF-8 byte order mark. */
export async function csvRows(file: SavedFile): Promise<string[][]> {
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(Buffer.from(bytes), { bom: true, record_delimiter: '\r\n' }) as string[][];
}

/**
 * The lines of a saved CSV file as written, its byte order mark left out: what tells a number (unquoted, `-7`)
 * from a text (quoted, `"'-7.00"`), which the parsed rows of csvRows do not.
 */
export async function csvLines(file: SavedFile): Promise<string[]> {
  const text = new TextDecoder().decode(await file.blob.arrayBuffer());
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

/** The file name every export is saved under: labstore-<subject>-<the viewer's date>.csv. */
export function exportNamePattern(subject: string): RegExp {
  return new RegExp(`^labstore-${subject}-\\d{4}-\\d{2}-\\d{2}\\.csv$`);
}
