import { http, HttpResponse, type PathParams } from 'msw';
import type { FileRecord, LinkedChemical } from '../../api/files';
import { authenticate } from './auth';
import { categories } from './categories';
import { stock } from './stock';

// The fake server's file library (SERVER.md §12). Links are kept as ids and resolved on every answer, so a
// deleted category or chemical stock record drops off the files as on the real server.

interface StoredFile {
  id: number;
  created_at: string;
  name: string;
  bytes: number;
  categoryIds: number[];
  chemicalIds: number[];
}

export const library = {
  files: [] as StoredFile[],
  nextId: 1,
};

export const UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;

const seed: Omit<StoredFile, 'id'>[] = [
  {
    created_at: '2026-10-02T12:00:00.000Z',
    name: 'lab_rules.txt',
    bytes: 512,
    categoryIds: [2],
    chemicalIds: [],
  },
  {
    created_at: '2026-11-21T12:57:09.539Z',
    name: 'msds_ethanol.pdf',
    bytes: 1880,
    categoryIds: [1, 3],
    chemicalIds: [1],
  },
];

/** Seeds lab_rules.txt (1, Protocols, no links) and msds_ethanol.pdf (2, MSDS and Safety, linked to Ethanol
 * stock record 1); the list shows the newer msds_ethanol.pdf first. */
export function resetFiles() {
  library.files = seed.map((file, index) => ({ ...file, id: index + 1 }));
  library.nextId = seed.length + 1;
}

function linkedChemical(id: number): LinkedChemical | undefined {
  const record = stock.chemical.find((row) => row.id === id);
  if (!record) return undefined;
  const { chemical, purity, quantity, state, manufacturer, supplier } = record;
  return {
    id,
    CAS_RN: chemical.CAS_RN,
    name: chemical.name,
    molecular_formula: chemical.molecular_formula,
    molecular_weight: chemical.molecular_weight,
    purity,
    quantity,
    state,
    manufacturer: manufacturer.name,
    supplier: supplier.name,
  };
}

function shape(file: StoredFile): FileRecord {
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  return {
    id: file.id,
    created_at: file.created_at,
    file: { path: `/media/files/${file.name}`, size: file.bytes / 1024 },
    categories: categories.rows.filter((row) => file.categoryIds.includes(row.id)).sort(byId),
    chemicals: file.chemicalIds
      .map(linkedChemical)
      .filter((chemical) => chemical !== undefined)
      .sort(byId),
  };
}

const newestFirst = (a: StoredFile, b: StoredFile) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** SERVER.md §12.2: the stored name, made safe and unique (the fake's suffix is the id, not random). */
function storedName(uploaded: string, id: number): string {
  const base = uploaded.slice(Math.max(uploaded.lastIndexOf('/'), uploaded.lastIndexOf('\\')) + 1);
  const safe =
    base
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '')
      .slice(0, 100) || 'file';
  if (!library.files.some((file) => file.name === safe)) return safe;
  const dot = safe.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
  return `${stem}_${String(id).padStart(7, '0')}${extension}`;
}

type IdList = { ids: number[] } | { errors: string[] };

/** Reads a list of ids that must name existing rows; duplicates are dropped. */
function idList(values: unknown[], exists: (id: number) => boolean): IdList {
  const ids: number[] = [];
  for (const value of values) {
    const id = Number(value);
    if (typeof value === 'boolean' || value === '' || !Number.isInteger(id))
      return {
        errors: [
          `Incorrect type. Expected pk value, received ${typeof value === 'string' ? 'str' : typeof value}.`,
        ],
      };
    if (!exists(id)) return { errors: [`Invalid pk "${String(value)}" - object does not exist.`] };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids };
}

const categoryExists = (id: number) => categories.rows.some((row) => row.id === id);
const chemicalExists = (id: number) => stock.chemical.some((row) => row.id === id);

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

function withFile(handle: (file: StoredFile, request: Request) => Promise<Response> | Response) {
  return ({ request, params }: { request: Request; params: PathParams }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const file = library.files.find((row) => row.id === Number(params.id));
    return file ? handle(file, request) : notFound();
  };
}

const list = '*/api/filemanager/files/';
const one = `${list}:id/`;

export const filesHandlers = [
  http.get(list, () => HttpResponse.json([...library.files].sort(newestFirst).map(shape))),
  http.get(one, ({ params }) => {
    const file = library.files.find((row) => row.id === Number(params.id));
    return file ? HttpResponse.json(shape(file)) : notFound();
  }),
  http.post(list, async ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
      return HttpResponse.json({ detail: 'Unsupported media type in request.' }, { status: 415 });
    }
    const form = await request.formData();
    const upload = form.get('file');
    if (upload === null || typeof upload === 'string')
      return HttpResponse.json({ file: ['No file was submitted.'] }, { status: 400 });
    if (upload.size === 0)
      return HttpResponse.json({ file: ['The submitted file is empty.'] }, { status: 400 });
    if (upload.size > UPLOAD_LIMIT_BYTES)
      return HttpResponse.json({ detail: 'File too large. The limit is 25 MB.' }, { status: 413 });
    const categoryIds = idList(form.getAll('categories'), categoryExists);
    const chemicalIds = idList(form.getAll('chemicals'), chemicalExists);
    const errors = {
      ...('errors' in categoryIds && { categories: categoryIds.errors }),
      ...('errors' in chemicalIds && { chemicals: chemicalIds.errors }),
    };
    if ('errors' in categoryIds || 'errors' in chemicalIds) return HttpResponse.json(errors, { status: 400 });
    const id = library.nextId++;
    const file: StoredFile = {
      id,
      created_at: new Date().toISOString(),
      name: storedName(upload.name, id),
      bytes: upload.size,
      categoryIds: categoryIds.ids,
      chemicalIds: chemicalIds.ids,
    };
    library.files.push(file);
    return HttpResponse.json(shape(file), { status: 201 });
  }),
  http.patch(
    one,
    withFile(async (file, request) => {
      const body = (await request.json()) as Record<string, unknown>;
      const lists = { categories: categoryExists, chemicals: chemicalExists };
      const errors: Record<string, string[]> = {};
      const changes: Partial<Record<keyof typeof lists, number[]>> = {};
      for (const [key, exists] of Object.entries(lists) as [keyof typeof lists, (id: number) => boolean][]) {
        const value = body[key];
        if (value === undefined) continue;
        if (!Array.isArray(value)) {
          errors[key] = [
            `Expected a list of items but got type "${typeof value === 'number' ? 'int' : typeof value}".`,
          ];
          continue;
        }
        const read = idList(value, exists);
        if ('errors' in read) errors[key] = read.errors;
        else changes[key] = read.ids;
      }
      if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
      if (changes.categories) file.categoryIds = changes.categories;
      if (changes.chemicals) file.chemicalIds = changes.chemicals;
      return HttpResponse.json(shape(file));
    }),
  ),
  http.delete(
    one,
    withFile((file) => {
      library.files = library.files.filter((row) => row.id !== file.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ),
];
