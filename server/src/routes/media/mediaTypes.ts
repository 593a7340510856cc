/** Content types of downloads by extension (SERVER.md §12.3); anything not listed is application/octet-stream. */
const CONTENT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  pdf: 'application/pdf',
  json: 'application/json',
  rtf: 'application/rtf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

export const OCTET_STREAM = 'application/octet-stream';

/** Types a browser would run (scripts, markup that can carry scripts): only ever downloaded, never displayed. */
const ACTIVE_EXTENSIONS = new Set([
  'html',
  'htm',
  'shtml',
  'xhtml',
  'xht',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'js',
  'mjs',
]);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isActiveContent(name: string): boolean {
  return ACTIVE_EXTENSIONS.has(extensionOf(name));
}

export function contentTypeOf(name: string): string {
  return isActiveContent(name) ? OCTET_STREAM : (CONTENT_TYPES[extensionOf(name)] ?? OCTET_STREAM);
}
