import type { StockKind } from '../domain/stockKinds';
import { authHeader, type TestApp } from './testApp';

/**
 * Stock records made and read through the API, so they carry their ADJUSTMENT ledger entries like real ones
 * (tests that compare ledger sums with stock need them).
 */

const RECORDS: Record<StockKind, string> = {
  chemical: '/api/storeobjects/chemicalobjs/',
  instrument: '/api/storeobjects/instrumentobjs/',
  glassware: '/api/storeobjects/glasswareobjs/',
};

let counter = 0;

const defaults = (kind: StockKind, name: string): object => {
  switch (kind) {
    case 'chemical':
      return {
        name,
        CAS_RN: '64-17-5',
        molecular_formula: 'C2H6O',
        purity: 99.5,
        manufacturer: 'Merck',
        supplier: 'Daraz',
        state: 'LIQUID',
      };
    case 'instrument':
      return { name, manufacturer: 'Shimadzu', supplier: 'Daraz' };
    case 'glassware':
      return { name, manufacturer: 'Pyrex', supplier: 'Daraz', size: 250, material_type: 'Borosilicate' };
  }
};

/** A POST body of the kind: its defaults with a unique name, `fields` added or replacing them. */
export function stockBody(kind: StockKind, fields: object = {}, name = `${kind} ${++counter}`): object {
  return { ...defaults(kind, name), ...fields };
}

/**
 * Creates a stock record with `quantity` (ml or pieces) and returns its id; the name is unique unless given, and
 * `fields` add to or replace the defaults (hazard data, say).
 */
export async function createStockRecord(
  t: TestApp,
  token: string,
  kind: StockKind,
  quantity: number,
  name = `${kind} ${++counter}`,
  fields: object = {},
): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: RECORDS[kind],
    payload: stockBody(kind, { quantity, ...fields }, name),
    headers: authHeader(token),
  });
  if (response.statusCode !== 201)
    throw new Error(`stock create failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** The record's current quantity in ml or pieces. */
export async function stockQuantity(t: TestApp, kind: StockKind, id: number): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: `${RECORDS[kind]}${id}/` });
  if (response.statusCode !== 200)
    throw new Error(`stock read failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { quantity: number }).quantity;
}

export interface LedgerEntry {
  kind: string;
  change: number;
  balance: number;
  issue_id: number | null;
  user_email: string;
}

/** The record's ledger entries, newest first. */
export async function ledgerOf(
  t: TestApp,
  token: string,
  kind: StockKind,
  id: number,
): Promise<LedgerEntry[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/management/stock-ledger/?type=${kind}&object_id=${id}`,
    headers: authHeader(token),
  });
  if (response.statusCode !== 200)
    throw new Error(`ledger read failed: ${response.statusCode} ${response.body}`);
  return response.json() as LedgerEntry[];
}

/** §10 and §14: the record holds `expected`, never below zero, and its ledger changes add up to it. */
export async function expectStockConsistent(
  t: TestApp,
  token: string,
  kind: StockKind,
  id: number,
  expected: number,
): Promise<void> {
  const quantity = await stockQuantity(t, kind, id);
  expect(quantity).toBe(expected);
  expect(quantity).toBeGreaterThanOrEqual(0);
  expect(await ledgerSum(t, token, kind, id)).toBe(quantity);
}

/** The sum of the record's ledger changes, exact at 3 decimals. */
export async function ledgerSum(t: TestApp, token: string, kind: StockKind, id: number): Promise<number> {
  const entries = await ledgerOf(t, token, kind, id);
  return entries.reduce((sum, entry) => sum + Math.round(entry.change * 1000), 0) / 1000;
}

async function postJson(t: TestApp, token: string, url: string, payload?: object) {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: authHeader(token) });
  if (response.statusCode !== 201)
    throw new Error(`POST ${url} failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Stages the lines (stock-record id, quantity) and merges them as one shipment; returns it in the §7 shape. */
export async function receiveShipment<K extends StockKind>(
  t: TestApp,
  token: string,
  kind: K,
  lines: readonly (readonly [number, number])[],
): Promise<{
  id: number;
  date_time: string;
  reverted_at: string | null;
  reverted_by: string | null;
  undo_until: string | null;
}> {
  const staging = `/api/management/${kind}-temp-shipment/`;
  for (const [id, quantity] of lines) await postJson(t, token, staging, { [kind]: id, quantity });
  return postJson(t, token, `${staging}merge/`);
}

let locations = 0;

/** A new location's id. */
export async function createLocation(t: TestApp, token: string): Promise<number> {
  const location = await postJson(t, token, '/api/management/store-consumers/', {
    name: `Lab ${++locations}`,
    consumer_type: 'PHYSICAL',
    room_number: '110',
    building_name: 'Science Building',
  });
  return location.id;
}

/** A new file category's id. */
export async function createCategory(t: TestApp, token: string, name: string): Promise<number> {
  return (await postJson(t, token, '/api/filemanager/categories/', { name })).id;
}

export interface IssuedLine {
  id: number;
  line_id: number;
  name: string;
  object_type: string;
  quantity: number;
  returned_quantity: number;
}

/** Fills the caller's cart with the lines and merges it into the location; returns the issue in the §8.3 shape. */
export async function issueStock(
  t: TestApp,
  token: string,
  locationId: number,
  lines: readonly (readonly [StockKind, number, number])[],
): Promise<{ id: number; created_at: string; objects: IssuedLine[] }> {
  for (const [kind, id, quantity] of lines) {
    await postJson(t, token, '/api/management/issue-cart/', {
      object_type: kind.toUpperCase(),
      object_id: id,
      quantity,
    });
  }
  return postJson(t, token, `/api/management/issue-cart/${locationId}/merge/`);
}
