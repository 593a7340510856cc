import { http, HttpResponse, type PathParams } from 'msw';
import type { StockKind, StockRecord } from '../../api/stock';
import { authenticate } from './auth';
import { isErrors, markReferenced, stock, write as writeStockRecord, type Body } from './stock';

// The fake server's staging lists and shipment history (SERVER.md §5–§7), over the stock fake's records; reset
// before each test. One staging list per kind: the fake does not keep them per user.

interface StagedLine {
  id: number;
  itemId: number;
  quantity: number;
}

/** A history line as SERVER.md §7 shows it; tests may push shipments into `shipments.history` directly. */
export type HistoryLine = Record<string, unknown> & { old_total: number; added_quantity: number };

export interface FakeShipment {
  id: number;
  date_time: string;
  lines: HistoryLine[];
}

export const shipments = {
  staged: { chemical: [], instrument: [], glassware: [] } as Record<StockKind, StagedLine[]>,
  /** Oldest first, as merged; the route answers newest first. */
  history: { chemical: [], instrument: [], glassware: [] } as Record<StockKind, FakeShipment[]>,
  nextId: 1,
};

export function resetShipments() {
  shipments.staged = { chemical: [], instrument: [], glassware: [] };
  shipments.history = { chemical: [], instrument: [], glassware: [] };
  shipments.nextId = 1;
}

const kinds: StockKind[] = ['chemical', 'instrument', 'glassware'];
const historyKeys: Record<StockKind, string> = {
  chemical: 'chemicals',
  instrument: 'instruments',
  glassware: 'glasswares',
};
const managementLists: Record<StockKind, string> = {
  chemical: 'chemicals',
  instrument: 'instruments',
  glassware: 'glasswares',
};

const notFound = () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 });

function record(kind: StockKind, id: number): StockRecord | undefined {
  return (stock[kind] as StockRecord[]).find((row) => row.id === id);
}

/** Quantities are exact at 3 decimals (SERVER.md §1.2). */
function add(a: number, b: number): number {
  return Math.round((a + b) * 1000) / 1000;
}

function lineShape(kind: StockKind, line: StagedLine) {
  return { id: line.id, [kind]: record(kind, line.itemId), quantity: line.quantity };
}

/** SERVER.md §6's validation of the fields present; on create both are required. */
function validate(kind: StockKind, body: Body, creating: boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const reference = body[kind];
  if (reference === undefined || reference === null) {
    if (creating) errors[kind] = ['This field is required.'];
  } else if (!Number.isInteger(Number(reference))) {
    errors[kind] = [`Incorrect type. Expected pk value, received ${typeof reference}.`];
  } else if (!record(kind, Number(reference))) {
    errors[kind] = [`Invalid pk "${String(reference)}" - object does not exist.`];
  }
  const quantity = body.quantity;
  if (quantity === undefined) {
    if (creating) errors.quantity = ['This field is required.'];
  } else if (quantity === null) {
    errors.quantity = ['This field may not be null.'];
  } else if (typeof quantity !== 'number' && (typeof quantity !== 'string' || quantity.trim() === '')) {
    errors.quantity = ['A valid number is required.'];
  } else {
    const value = Number(quantity);
    if (Number.isNaN(value)) errors.quantity = ['A valid number is required.'];
    else if (kind === 'chemical') {
      if (value <= 0) errors.quantity = ['Ensure this value is greater than 0.'];
      else if (Math.round(value * 1000) !== value * 1000)
        errors.quantity = ['Ensure that there are no more than 3 decimal places.'];
    } else if (!Number.isInteger(value)) errors.quantity = ['A valid integer is required.'];
    else if (value < 1) errors.quantity = ['Ensure this value is greater than or equal to 1.'];
  }
  return errors;
}

function historyLine(item: StockRecord, old_total: number, added_quantity: number) {
  const common = {
    stock_id: item.id,
    manufacturer: item.manufacturer.name,
    supplier: item.supplier.name,
    old_total,
    added_quantity,
  };
  if ('chemical' in item) {
    const { chemical, purity, state } = item;
    const { CAS_RN, name, molecular_formula, molecular_weight } = chemical;
    return { ...common, CAS_RN, name, molecular_formula, molecular_weight, purity, state };
  }
  if ('instrument' in item) return { ...common, name: item.instrument.name };
  return { ...common, name: item.glassware.name, size: item.size, material_type: item.material_type };
}

function historyShape(kind: StockKind, shipment: FakeShipment) {
  return { id: shipment.id, date_time: shipment.date_time, [historyKeys[kind]]: shipment.lines };
}

function handlersFor(kind: StockKind) {
  const list = `*/api/management/${kind}-temp-shipment/`;
  const one = `${list}:id/`;
  const lines = () => shipments.staged[kind];
  const find = (params: PathParams) => lines().find((line) => line.id === Number(params.id));
  return [
    http.get(list, ({ request }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      return HttpResponse.json(lines().map((line) => lineShape(kind, line)));
    }),
    http.post(list, async ({ request }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      const body = (await request.json()) as Body;
      const errors = validate(kind, body, true);
      if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
      const line = { id: shipments.nextId++, itemId: Number(body[kind]), quantity: Number(body.quantity) };
      lines().push(line);
      markReferenced(kind, line.itemId);
      return HttpResponse.json(lineShape(kind, line), { status: 201 });
    }),
    http.post(`${list}merge/`, ({ request }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      if (lines().length === 0) return HttpResponse.json({ detail: 'Nothing to merge.' }, { status: 400 });
      const merged = lines().map((line) => {
        const item = record(kind, line.itemId)!;
        const old = item.quantity;
        item.quantity = add(old, line.quantity);
        return historyLine(item, old, line.quantity);
      });
      const shipment = { id: shipments.nextId++, date_time: new Date().toISOString(), lines: merged };
      shipments.history[kind].push(shipment);
      shipments.staged[kind] = [];
      return HttpResponse.json(historyShape(kind, shipment), { status: 201 });
    }),
    http.patch(one, async ({ request, params }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      const line = find(params);
      if (!line) return notFound();
      const body = (await request.json()) as Body;
      const errors = validate(kind, body, false);
      if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
      if (body.quantity !== undefined) line.quantity = Number(body.quantity);
      if (body[kind] !== undefined && body[kind] !== null) line.itemId = Number(body[kind]);
      return HttpResponse.json(lineShape(kind, line));
    }),
    http.delete(one, ({ request, params }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      const line = find(params);
      if (!line) return notFound();
      shipments.staged[kind] = lines().filter((other) => other !== line);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`*/api/management/${managementLists[kind]}/`, () => HttpResponse.json(stock[kind])),
    // SERVER.md §5: create exactly like the stock record route; a glassware name may come nested.
    http.post(`*/api/management/${managementLists[kind]}/`, async ({ request }) => {
      const caller = authenticate(request);
      if (caller instanceof Response) return caller;
      const body = (await request.json()) as Body;
      const nested = body[kind];
      if (body.name === undefined && typeof nested === 'object' && nested !== null) {
        body.name = (nested as { name?: unknown }).name;
      }
      const result = writeStockRecord(kind, body);
      return HttpResponse.json(result, { status: isErrors(result) ? 400 : 201 });
    }),
  ];
}

export const shipmentsHandlers = [
  ...kinds.flatMap(handlersFor),
  http.get('*/api/management/shipments/', ({ request }) => {
    const caller = authenticate(request);
    if (caller instanceof Response) return caller;
    const type = new URL(request.url).searchParams.get('type')?.toLowerCase();
    const kind = kinds.find((candidate) => candidate === type);
    if (!kind) {
      return HttpResponse.json(
        { type: ['Expected one of: chemical, instrument, glassware.'] },
        { status: 400 },
      );
    }
    return HttpResponse.json(
      [...shipments.history[kind]].reverse().map((shipment) => historyShape(kind, shipment)),
    );
  }),
];
