import { http, HttpResponse, type PathParams } from 'msw';
import type {
  CatalogEntry,
  ChemicalStock,
  GlasswareStock,
  InstrumentStock,
  StockKind,
  StockRecords,
} from '../../api/stock';
import { authenticate } from './auth';

// The fake server's stock records (SERVER.md §4), shared with the search fake like one database; reset before
// each test. Only the flat write form and the object form of manufacturer and supplier are understood.

type Errors = Record<string, string[]>;
export type Body = Record<string, unknown>;
type CatalogName = 'chemical' | 'instrument' | 'glassware' | 'manufacturer' | 'supplier';
type ChemicalEntry = ChemicalStock['chemical'];

export const stock = {
  chemical: [] as ChemicalStock[],
  instrument: [] as InstrumentStock[],
  glassware: [] as GlasswareStock[],
  catalogs: {} as Record<CatalogName, CatalogEntry[]>,
  /** `${kind}:${id}` of records that history or a staging line still refers to: deleting them answers 409. */
  referenced: new Set<string>(),
  nextId: 1,
};

/** Makes DELETE of the record answer 409, as if shipment history referred to it. */
export function markReferenced(kind: StockKind, id: number) {
  stock.referenced.add(`${kind}:${id}`);
}

// Standard atomic weights of the elements the tests use.
const atomicWeights: Record<string, number> = {
  H: 1.008,
  C: 12.011,
  N: 14.007,
  O: 15.999,
  Na: 22.99,
  Mg: 24.305,
  P: 30.974,
  S: 32.06,
  Cl: 35.45,
  K: 39.098,
  Ca: 40.078,
  Fe: 55.845,
  Cu: 63.546,
};

/** Molar mass of one part of a formula (no hydrate dots), or null when it does not parse (SERVER.md §4.6). */
function partMass(text: string): number | null {
  let pos = 0;
  const count = () => {
    const digits = /^\d+/.exec(text.slice(pos))?.[0];
    if (!digits) return 1;
    pos += digits.length;
    return Number(digits);
  };
  const sequence = (closer?: string): number | null => {
    let sum = 0;
    let empty = true;
    while (pos < text.length && text[pos] !== closer) {
      let mass: number | null;
      const open = text[pos];
      if (open === '(' || open === '[') {
        pos += 1;
        const close = open === '(' ? ')' : ']';
        mass = sequence(close);
        if (text[pos] !== close) return null;
        pos += 1;
      } else {
        const symbol = /^[A-Z][a-z]*/.exec(text.slice(pos))?.[0];
        mass = symbol ? (atomicWeights[symbol] ?? null) : null;
        pos += symbol?.length ?? 0;
      }
      const times = count();
      if (mass === null || times === 0) return null;
      sum += mass * times;
      empty = false;
    }
    return empty ? null : sum;
  };
  const mass = sequence();
  return pos === text.length ? mass : null;
}

export function molarMass(formula: string): number | null {
  let total = 0;
  for (const part of formula.split(/[·.*]/)) {
    const [, coefficient, rest] = /^(\d*)(.*)$/.exec(part)!;
    const mass = partMass(rest);
    if (mass === null || coefficient === '0') return null;
    total += (coefficient ? Number(coefficient) : 1) * mass;
  }
  return Math.round(total * 1000) / 1000;
}

/** SERVER.md §4.5: format and check digit. */
export function isCasNumber(text: string): boolean {
  if (!/^[1-9][0-9]{1,6}-[0-9]{2}-[0-9]$/.test(text)) return false;
  const digits = text.replace(/-/g, '').split('').map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, position) => total + digit * (position + 1), 0);
  return sum % 10 === check;
}

/** SERVER.md §1.2's field kinds; every failing field is collected before the request is answered. */
function fieldReader(body: Body) {
  const errors: Errors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [message];
    return undefined;
  };
  const present = (field: string, required: boolean) => {
    const value = body[field];
    if (value === undefined) return required ? fail(field, 'This field is required.') : undefined;
    if (value === null) return required ? fail(field, 'This field may not be null.') : undefined;
    return value;
  };
  const text = (field: string, max: number) => {
    let value: unknown = present(field, true);
    if (value === undefined) return '';
    if ((field === 'manufacturer' || field === 'supplier') && typeof value === 'object') {
      value = (value as { name?: unknown }).name;
    }
    if (typeof value !== 'string' && typeof value !== 'number')
      return fail(field, 'Not a valid string.') ?? '';
    const trimmed = String(value).trim();
    if (!trimmed) return fail(field, 'This field may not be blank.') ?? '';
    if (trimmed.length > max)
      return fail(field, `Ensure this field has no more than ${max} characters.`) ?? '';
    return trimmed;
  };
  const number = (
    field: string,
    rule: {
      required: boolean;
      integer?: boolean;
      min?: number;
      above?: number;
      max?: number;
      decimals?: number;
    },
  ) => {
    const value = present(field, rule.required);
    if (value === undefined) return undefined;
    const parsed = typeof value === 'number' || typeof value === 'string' ? Number(value) : NaN;
    if (typeof value === 'string' && value.trim() === '') return fail(field, 'A valid number is required.');
    if (!Number.isFinite(parsed)) return fail(field, 'A valid number is required.');
    if (rule.integer && !Number.isInteger(parsed)) return fail(field, 'A valid integer is required.');
    if (rule.min !== undefined && parsed < rule.min)
      return fail(field, `Ensure this value is greater than or equal to ${rule.min}.`);
    if (rule.above !== undefined && parsed <= rule.above)
      return fail(field, `Ensure this value is greater than ${rule.above}.`);
    const max = rule.max ?? 1_000_000_000;
    if (parsed > max) return fail(field, `Ensure this value is less than or equal to ${max}.`);
    if (
      rule.decimals !== undefined &&
      Math.round(parsed * 10 ** rule.decimals) !== parsed * 10 ** rule.decimals
    )
      return fail(field, `Ensure that there are no more than ${rule.decimals} decimal places.`);
    return parsed;
  };
  return { errors, fail, text, number };
}

/** SERVER.md §4.4: catalog entries are found by name, case-insensitively, or created. */
function catalogEntry(catalog: CatalogName, name: string): CatalogEntry {
  const entries = stock.catalogs[catalog];
  const found = entries.find((entry) => entry.name.toLowerCase() === name.toLowerCase());
  if (found) return found;
  const entry = { id: entries.length + 1, name };
  entries.push(entry);
  return entry;
}

const same = (a: CatalogEntry, b: CatalogEntry) => a.id === b.id;

interface Parsed<K extends StockKind> {
  errors: Errors;
  /** Builds the record (resolving catalog entries) once the fields are valid. */
  build: (id: number) => StockRecords[K];
  /** The record's identifying fields equal another's (SERVER.md §4.4). */
  duplicates: (a: StockRecords[K], b: StockRecords[K]) => boolean;
}

type Parser<K extends StockKind> = (body: Body, creating: boolean) => Parsed<K>;

const parsers: { [K in StockKind]: Parser<K> } = {
  chemical: (body, creating) => {
    const read = fieldReader(body);
    const name = read.text('name', 300);
    const casRn = read.text('CAS_RN', 20);
    if (casRn && !isCasNumber(casRn)) read.fail('CAS_RN', 'Enter a valid CAS registry number.');
    const formula = read.text('molecular_formula', 100);
    const mass = formula ? molarMass(formula) : null;
    if (formula && mass === null) read.fail('molecular_formula', 'Enter a valid molecular formula.');
    const weight = read.number('molecular_weight', { required: false, above: 0 });
    const purity = read.number('purity', { required: true, min: 0, max: 100, decimals: 2 });
    const manufacturer = read.text('manufacturer', 100);
    const supplier = read.text('supplier', 100);
    const state = body.state;
    if (state === undefined || state === null) read.fail('state', 'This field is required.');
    else if (state !== 'SOLID' && state !== 'LIQUID' && state !== 'GAS')
      read.fail('state', `"${String(state)}" is not a valid choice.`);
    const quantity = read.number('quantity', { required: !creating, min: 0, decimals: 3 });
    return {
      errors: read.errors,
      build: (id) => {
        const chemical = catalogEntry('chemical', name) as ChemicalEntry;
        // The substance's description is shared by every record of it, so a write updates them all.
        Object.assign(chemical, {
          CAS_RN: casRn,
          molecular_formula: formula,
          molecular_weight: Math.round((weight ?? mass!) * 1000) / 1000,
        });
        return {
          id,
          chemical,
          purity: purity!,
          manufacturer: catalogEntry('manufacturer', manufacturer),
          supplier: catalogEntry('supplier', supplier),
          state: state as ChemicalStock['state'],
          quantity: quantity ?? 0,
        };
      },
      duplicates: (a, b) =>
        same(a.chemical, b.chemical) &&
        a.purity === b.purity &&
        same(a.manufacturer, b.manufacturer) &&
        same(a.supplier, b.supplier) &&
        a.state === b.state,
    };
  },
  instrument: (body, creating) => {
    const read = fieldReader(body);
    const name = read.text('name', 300);
    const manufacturer = read.text('manufacturer', 100);
    const supplier = read.text('supplier', 100);
    const quantity = read.number('quantity', { required: !creating, integer: true, min: 0 });
    return {
      errors: read.errors,
      build: (id) => ({
        id,
        instrument: catalogEntry('instrument', name),
        manufacturer: catalogEntry('manufacturer', manufacturer),
        supplier: catalogEntry('supplier', supplier),
        quantity: quantity ?? 0,
      }),
      duplicates: (a, b) =>
        same(a.instrument, b.instrument) &&
        same(a.manufacturer, b.manufacturer) &&
        same(a.supplier, b.supplier),
    };
  },
  glassware: (body, creating) => {
    const read = fieldReader(body);
    const name = read.text('name', 300);
    const manufacturer = read.text('manufacturer', 100);
    const supplier = read.text('supplier', 100);
    const size = read.number('size', { required: true, integer: true, min: 0 });
    const materialType = read.text('material_type', 50);
    const quantity = read.number('quantity', { required: !creating, integer: true, min: 0 });
    return {
      errors: read.errors,
      build: (id) => ({
        id,
        glassware: catalogEntry('glassware', name),
        manufacturer: catalogEntry('manufacturer', manufacturer),
        supplier: catalogEntry('supplier', supplier),
        size: size!,
        material_type: materialType,
        quantity: quantity ?? 0,
      }),
      duplicates: (a, b) =>
        same(a.glassware, b.glassware) &&
        same(a.manufacturer, b.manufacturer) &&
        same(a.supplier, b.supplier) &&
        a.size === b.size &&
        a.material_type.toLowerCase() === b.material_type.toLowerCase(),
    };
  },
};

const duplicate = { non_field_errors: ['A stock record with these identifying fields already exists.'] };

function rows<K extends StockKind>(kind: K): StockRecords[K][] {
  return stock[kind] as StockRecords[K][];
}

/** Validates and stores a record: the new one, or the replacement of record `id`. */
export function write<K extends StockKind>(kind: K, body: Body, id?: number): StockRecords[K] | Errors {
  const parsed = parsers[kind](body, id === undefined);
  if (Object.keys(parsed.errors).length > 0) return parsed.errors;
  const record = parsed.build(id ?? stock.nextId++);
  const list = rows(kind);
  if (list.some((other) => other.id !== record.id && parsed.duplicates(other, record))) return duplicate;
  const index = list.findIndex((other) => other.id === record.id);
  if (index >= 0) list[index] = record;
  else list.push(record);
  return record;
}

const seed: { [K in StockKind]: Body[] } = {
  chemical: [
    {
      name: 'Ethanol',
      CAS_RN: '64-17-5',
      molecular_formula: 'C2H6O',
      molecular_weight: 46.069,
      purity: 99.5,
      manufacturer: 'Merck',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: 250.5,
    },
    {
      name: 'Sodium chloride',
      CAS_RN: '7647-14-5',
      molecular_formula: 'NaCl',
      purity: 99,
      manufacturer: 'Sigma-Aldrich',
      supplier: 'Daraz',
      state: 'SOLID',
      quantity: 500,
    },
  ],
  instrument: [
    { name: 'Spectrophotometer', manufacturer: 'Shimadzu', supplier: 'Daraz', quantity: 3 },
    { name: 'Centrifuge', manufacturer: 'Eppendorf', supplier: 'Daraz', quantity: 2 },
  ],
  glassware: [
    {
      name: 'Beaker',
      manufacturer: 'Pyrex',
      supplier: 'Daraz',
      size: 250,
      material_type: 'Borosilicate',
      quantity: 20,
    },
    {
      name: 'Volumetric flask',
      manufacturer: 'Duran',
      supplier: 'Daraz',
      size: 100,
      material_type: 'Borosilicate',
      quantity: 12,
    },
  ],
};

const kinds: StockKind[] = ['chemical', 'instrument', 'glassware'];

/** Seeds Ethanol (chemical 1), Sodium chloride (2), Spectrophotometer (3), Centrifuge (4), Beaker (5) and
 * Volumetric flask (6). */
export function resetStock() {
  stock.chemical = [];
  stock.instrument = [];
  stock.glassware = [];
  stock.catalogs = { chemical: [], instrument: [], glassware: [], manufacturer: [], supplier: [] };
  stock.referenced = new Set();
  stock.nextId = 1;
  for (const kind of kinds) for (const body of seed[kind]) write(kind, body);
}

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

export function isErrors(result: object): result is Errors {
  return !('id' in result);
}

function handlersFor(kind: StockKind, resource: string) {
  const list = `*/api/storeobjects/${resource}/`;
  const one = `${list}:id/`;
  const find = (params: PathParams) => rows(kind).find((row) => row.id === Number(params.id));
  return [
    http.get(list, () => HttpResponse.json(rows(kind))),
    http.get(one, ({ params }) => {
      const record = find(params);
      return record ? HttpResponse.json(record) : notFound();
    }),
    http.post(list, async ({ request }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      const result = write(kind, (await request.json()) as Body);
      return HttpResponse.json(result, { status: isErrors(result) ? 400 : 201 });
    }),
    http.put(one, async ({ request, params }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      const record = find(params);
      if (!record) return notFound();
      const result = write(kind, (await request.json()) as Body, record.id);
      return HttpResponse.json(result, { status: isErrors(result) ? 400 : 200 });
    }),
    http.delete(one, ({ request, params }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      const record = find(params);
      if (!record) return notFound();
      if (stock.referenced.has(`${kind}:${record.id}`)) {
        return HttpResponse.json(
          { detail: 'This stock record cannot be deleted: shipment history refers to it.' },
          { status: 409 },
        );
      }
      rows(kind).splice(rows(kind).indexOf(record), 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

export const stockHandlers = [
  ...handlersFor('chemical', 'chemicalobjs'),
  ...handlersFor('instrument', 'instrumentobjs'),
  ...handlersFor('glassware', 'glasswareobjs'),
];
