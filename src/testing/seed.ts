import type { InjectOptions } from 'fastify';
import type { Category } from '../api/categories';
import type { FileRecord } from '../api/files';
import type { HazardFields } from '../api/ghs';
import type { CartLineFields } from '../api/issueCart';
import type { Issue, Location, NewLocation } from '../api/locations';
import type { Me } from '../api/me';
import {
  stockKindOf,
  type ChemicalFields,
  type ChemicalStock,
  type GlasswareFields,
  type GlasswareStock,
  type InstrumentFields,
  type InstrumentStock,
  type ObjectType,
  type StockKind,
  type StockRecord,
} from '../api/stock';
import type { NewUser, User } from '../api/users';
import { casCheckDigit } from '../../server/src/domain/chemistry/cas';
import { roundToThousandths } from '../../server/src/domain/quantity';
import { multipartBody } from '../../server/src/testing/multipart';
import type { Reply } from './apiServer';
import { inject, testServer } from './testServer';

/**
 * Test data written through the real API of the test file's server (see testServer.ts), as the administrator,
 * so that it carries everything the server does on a write: ledger entries, search notes, stored files. Seeding
 * calls the server directly, not through the app's fetch, so it never shows in `sentRequests()`.
 */

export const ADMIN_EMAIL = 'admin@lab.org';
export const ADMIN_PASSWORD = 'admin-password';

let adminAccessToken: string | undefined;

/** The access token of the administrator seeded by `seedAdmin`. */
export function adminToken(): string {
  if (adminAccessToken === undefined) throw new Error('No administrator yet: seed one with seedAdmin().');
  return adminAccessToken;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const textOf = (reply: Reply) => new TextDecoder().decode(reply.body);

/** Sends one request as the administrator and returns the answer, which must be a success. */
async function send<T>(options: InjectOptions & { method: Method; url: string }): Promise<T> {
  const { method, url } = options;
  const headers = { ...options.headers, authorization: `Bearer ${adminToken()}` };
  const reply = await inject({ ...options, headers });
  if (reply.statusCode >= 300)
    throw new Error(`API call failed: ${method} ${url} answered ${reply.statusCode} ${textOf(reply)}`);
  return (reply.statusCode === 204 ? undefined : JSON.parse(textOf(reply))) as T;
}

function call<T>(method: Method, url: string, body?: object): Promise<T> {
  return send({ method, url, payload: body });
}

/** Sends one request as the person `token` signed in (see `signIn`); the answer must be a success. */
export async function callAs<T>(token: string, method: Method, url: string, body?: object): Promise<T> {
  const reply = await inject({ method, url, payload: body, headers: { authorization: `Bearer ${token}` } });
  if (reply.statusCode >= 300)
    throw new Error(`API call failed: ${method} ${url} answered ${reply.statusCode} ${textOf(reply)}`);
  return (reply.statusCode === 204 ? undefined : JSON.parse(textOf(reply))) as T;
}

/** What the API answers the administrator: for checking what a test's actions left on the server. */
export function readAsAdmin<T>(url: string): Promise<T> {
  return call('GET', url);
}

/** The version a row has now (docs/api.md §28): what an edit form opened now names in If-Match. */
export async function currentVersion(url: string): Promise<number> {
  return (await readAsAdmin<{ version: number }>(url)).version;
}

/** Runs `write` with the server's clock at `date`, so what it creates carries that time. */
export async function at<T>(date: string, write: () => Promise<T>): Promise<T> {
  testServer().setClock(date);
  try {
    return await write();
  } finally {
    testServer().setClock(null);
  }
}

const accountsByToken = new Map<string, Me>();

/**
 * What the server answered `GET /api/account/me/` for a token `signIn` got, at sign-in: the render helpers give it
 * to a signed-in page, as the sign-in gate would have loaded it before any page renders.
 */
export function accountSignedInWith(token: string): Me | undefined {
  return accountsByToken.get(token);
}

/** Signs in through the API and returns the access token. */
export async function signIn(email: string, password: string): Promise<string> {
  const reply = await inject({ method: 'POST', url: '/api/token/', payload: { email, password } });
  if (reply.statusCode !== 200) throw new Error(`Sign-in failed: ${reply.statusCode} ${textOf(reply)}`);
  const token = (JSON.parse(textOf(reply)) as { access: string }).access;
  const me = await inject({
    method: 'GET',
    url: '/api/account/me/',
    headers: { authorization: `Bearer ${token}` },
  });
  if (me.statusCode !== 200) throw new Error(`Reading me failed: ${me.statusCode} ${textOf(me)}`);
  accountsByToken.set(token, JSON.parse(textOf(me)) as Me);
  return token;
}

/** Signs in as `email` with a wrong password until the server refuses every attempt for it (429, SERVER.md §2.1). */
export async function lockOut(email: string): Promise<void> {
  for (let attempt = 1; attempt <= 100; attempt += 1) {
    const payload = { email, password: 'wrong-password' };
    if ((await inject({ method: 'POST', url: '/api/token/', payload })).statusCode === 429) return;
  }
  throw new Error(`The server never locked ${email} out.`);
}

/** The protected administrator the product creates at start (ADMIN_EMAIL), signed in. */
export async function seedAdmin(): Promise<void> {
  await testServer().createAdmin(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminAccessToken = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
}

export function createUser(fields: Omit<NewUser, 'confirm_password'>): Promise<User> {
  return call('POST', '/api/account/users/', { ...fields, confirm_password: fields.password });
}

export function deleteUser(id: number): Promise<void> {
  return call('DELETE', `/api/account/users/${id}/`);
}

type Optional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export function createChemical(
  fields: Optional<ChemicalFields, 'molecular_weight' | 'quantity'> & Partial<HazardFields>,
): Promise<ChemicalStock> {
  return call('POST', '/api/storeobjects/chemicalobjs/', fields);
}

/** A liquid chemical of this name (acetone's CAS RN and formula, 99.9 %, Merck, Daraz) holding `quantity` ml. */
export function createLiquid(name: string, quantity: number): Promise<ChemicalStock> {
  return createChemical({
    name,
    CAS_RN: '67-64-1',
    molecular_formula: 'C3H6O',
    purity: 99.9,
    manufacturer: 'Merck',
    supplier: 'Daraz',
    state: 'LIQUID',
    quantity,
  });
}

export function createInstrument(fields: Optional<InstrumentFields, 'quantity'>): Promise<InstrumentStock> {
  return call('POST', '/api/storeobjects/instrumentobjs/', fields);
}

export function createGlassware(fields: Optional<GlasswareFields, 'quantity'>): Promise<GlasswareStock> {
  return call('POST', '/api/storeobjects/glasswareobjs/', fields);
}

/**
 * `count` chemicals named "Compound 1" to "Compound <count>", created in that order (so their ids follow it) with
 * CAS numbers of their own; odd ones from Merck, even ones from Sigma-Aldrich; Compound n holds n ml. For lists
 * long enough to page through.
 */
export async function seedCompounds(count: number): Promise<void> {
  for (let n = 1; n <= count; n += 1) {
    const digits = String(1000 + n);
    await createChemical({
      name: `Compound ${n}`,
      CAS_RN: `${digits}-00-${casCheckDigit(`${digits}00`)}`,
      molecular_formula: 'C2H6O',
      purity: 99,
      manufacturer: n % 2 === 1 ? 'Merck' : 'Sigma-Aldrich',
      supplier: 'Daraz',
      state: 'LIQUID',
      quantity: n,
    });
  }
}

/** Sets a stock record's quantity, keeping its other fields. */
export function setStockQuantity(kind: StockKind, id: number, quantity: number): Promise<void> {
  return call('PATCH', `/api/storeobjects/${kind}objs/${id}/`, { quantity });
}

/** Changes some fields of a stock record (PATCH), e.g. docs/api.md §11's `minimum_quantity` or `expiry_date`. */
export function updateStock(kind: StockKind, id: number, fields: object): Promise<void> {
  return call('PATCH', `/api/storeobjects/${kind}objs/${id}/`, fields);
}

export function deleteStock(kind: StockKind, id: number): Promise<void> {
  return call('DELETE', `/api/storeobjects/${kind}objs/${id}/`);
}

export function createCategory(name: string): Promise<Category> {
  return call('POST', '/api/filemanager/categories/', { name });
}

export function renameCategory(id: number, name: string): Promise<Category> {
  return call('PATCH', `/api/filemanager/categories/${id}/`, { name });
}

export function deleteCategory(id: number): Promise<void> {
  return call('DELETE', `/api/filemanager/categories/${id}/`);
}

export function createLocation(fields: NewLocation): Promise<Location> {
  return call('POST', '/api/management/store-consumers/', fields);
}

interface NewFile {
  name: string;
  content: string;
  categories?: number[];
  /** Chemical stock-record ids. */
  chemicals?: number[];
}

export async function uploadFile({
  name,
  content,
  categories = [],
  chemicals = [],
}: NewFile): Promise<FileRecord> {
  const multipart = await multipartBody([
    ...categories.map((id): [string, string] => ['categories', String(id)]),
    ...chemicals.map((id): [string, string] => ['chemicals', String(id)]),
    ['file', content, name],
  ]);
  return send({ method: 'POST', url: '/api/filemanager/files/', ...multipart });
}

/** Stages a line of the administrator's next shipment of `kind`. */
export function stageLine(
  kind: StockKind,
  stockId: number,
  quantity: number,
  expiryDate?: string,
): Promise<{ id: number }> {
  return call('POST', `/api/management/${kind}-temp-shipment/`, {
    [kind]: stockId,
    quantity,
    expiry_date: expiryDate,
  });
}

/** Merges the administrator's staged lines of `kind` into stock: one shipment in the history, its id returned. */
export function mergeShipment(kind: StockKind): Promise<{ id: number }> {
  return call('POST', `/api/management/${kind}-temp-shipment/merge/`);
}

/** Puts a line in the administrator's issue cart. */
export function addToCart(line: CartLineFields): Promise<{ id: number }> {
  return call('POST', '/api/management/issue-cart/', line);
}

/** Issues the administrator's cart to a location: one issue in its history, the stock lowered. */
export function issueCart(locationId: number): Promise<Issue> {
  return call('POST', `/api/management/issue-cart/${locationId}/merge/`);
}

/** Returns `quantity` of an issue's line to the store, as the Return dialog of a Location page does. */
export function returnIssued(issueId: number, lineId: number, quantity: number): Promise<Issue> {
  return call('POST', `/api/management/issues/${issueId}/lines/${lineId}/return/`, { quantity });
}

interface IssuedLine {
  object_type: ObjectType;
  object_id: number;
  quantity: number;
}

/**
 * An issue of `lines` to a location at `date`, made through the issue cart as the Create an Issue page makes one.
 * Each record's stock is first raised by what the issue takes, so it ends as it was, with the issue in its history.
 */
export async function seedIssue(date: string, locationId: number, lines: IssuedLine[]): Promise<Issue> {
  for (const line of lines) {
    const kind = stockKindOf(line.object_type);
    const { quantity } = await readAsAdmin<StockRecord>(`/api/storeobjects/${kind}objs/${line.object_id}/`);
    await setStockQuantity(kind, line.object_id, roundToThousandths(quantity + line.quantity));
    await addToCart(line);
  }
  return at(date, () => issueCart(locationId));
}

/**
 * The stock most tests work with, from Daraz; ids follow the order of creation:
 * - chemicals: Ethanol (1; C2H6O, 99.5 %, Merck, liquid, 250.5 ml), Sodium chloride (2; NaCl, 99 %, Sigma-Aldrich,
 *   solid, 500 ml);
 * - instruments: Spectrophotometer (1; Shimadzu, 3 pieces), Centrifuge (2; Eppendorf, 2 pieces);
 * - glassware: Beaker (1; 250, Borosilicate, Pyrex, 20 pieces), Volumetric flask (2; 100, Borosilicate, Duran,
 *   12 pieces).
 */
export async function seedStock(): Promise<void> {
  const supplier = 'Daraz';
  await createChemical({
    name: 'Ethanol',
    CAS_RN: '64-17-5',
    molecular_formula: 'C2H6O',
    purity: 99.5,
    manufacturer: 'Merck',
    supplier,
    state: 'LIQUID',
    quantity: 250.5,
  });
  await createChemical({
    name: 'Sodium chloride',
    CAS_RN: '7647-14-5',
    molecular_formula: 'NaCl',
    purity: 99,
    manufacturer: 'Sigma-Aldrich',
    supplier,
    state: 'SOLID',
    quantity: 500,
  });
  await createInstrument({ name: 'Spectrophotometer', manufacturer: 'Shimadzu', supplier, quantity: 3 });
  await createInstrument({ name: 'Centrifuge', manufacturer: 'Eppendorf', supplier, quantity: 2 });
  const borosilicate = { supplier, material_type: 'Borosilicate' };
  await createGlassware({ name: 'Beaker', manufacturer: 'Pyrex', size: 250, quantity: 20, ...borosilicate });
  await createGlassware({
    name: 'Volumetric flask',
    manufacturer: 'Duran',
    size: 100,
    quantity: 12,
    ...borosilicate,
  });
}

/**
 * The lab most tests work with:
 * - users: admin@lab.org (1, protected, signed in: `adminToken()`), ann@lab.org (2, Ann Lee, password ann-password);
 * - the stock of `seedStock`;
 * - categories: MSDS (1), Protocols (2), Safety (3);
 * - locations: Physical Lab 1 (1, Physical), Organic Lab A (2, Organic), Dr. X (3, Personal); none Inorganic;
 * - issues to Physical Lab 1: 20 ml of Sodium chloride on March 2, 2026, then 5 ml of Ethanol, 2 Spectrophotometers
 *   and 1 Beaker on November 21, 2026 (so none of these four records can be deleted);
 * - files: lab_rules.txt (1; 512 bytes, October 2, 2026, Protocols), msds_ethanol.pdf (2; 1,880 bytes, November
 *   21, 2026, MSDS and Safety, linked to Ethanol);
 * - nothing staged, every cart empty, no shipments.
 */
export async function seedLab(): Promise<void> {
  await seedAdmin();
  await createUser({ email: 'ann@lab.org', first_name: 'Ann', last_name: 'Lee', password: 'ann-password' });
  await seedStock();
  const msds = await createCategory('MSDS');
  const protocols = await createCategory('Protocols');
  const safety = await createCategory('Safety');

  const physicalLab = await at('2026-01-05T09:00:00.000Z', async () => {
    const building_name = 'Science Building';
    const lab = await createLocation({
      name: 'Physical Lab 1',
      consumer_type: 'PHYSICAL',
      room_number: '110',
      building_name,
    });
    await createLocation({
      name: 'Organic Lab A',
      consumer_type: 'ORGANIC',
      room_number: '210',
      building_name,
    });
    await createLocation({
      name: 'Dr. X',
      consumer_type: 'PERSONAL',
      room_number: '305',
      building_name: 'Annex',
    });
    return lab;
  });
  await seedIssue('2026-03-02T12:00:00.000Z', physicalLab.id, [
    { object_type: 'CHEMICAL', object_id: 2, quantity: 20 },
  ]);
  await seedIssue('2026-11-21T12:00:00.000Z', physicalLab.id, [
    { object_type: 'CHEMICAL', object_id: 1, quantity: 5 },
    { object_type: 'INSTRUMENT', object_id: 1, quantity: 2 },
    { object_type: 'GLASSWARE', object_id: 1, quantity: 1 },
  ]);

  await at('2026-10-02T12:00:00.000Z', () =>
    uploadFile({ name: 'lab_rules.txt', content: 'x'.repeat(512), categories: [protocols.id] }),
  );
  await at('2026-11-21T12:57:09.539Z', () =>
    uploadFile({
      name: 'msds_ethanol.pdf',
      content: 'x'.repeat(1880),
      categories: [msds.id, safety.id],
      chemicals: [1],
    }),
  );
}

/** A person of `seedLabRoles`, by the role the issue names them for. */
export const LAB_PEOPLE = {
  auditor: { email: 'audrey@lab.org', password: 'audrey-password' },
  labMember: { email: 'lena@lab.org', password: 'lena-password' },
  labManager: { email: 'max@lab.org', password: 'max-password' },
} as const;

/**
 * `seedLab` and one account of each role of issue 23 (docs/api.md, "Roles and permissions"):
 * - audrey@lab.org (3, Audrey Hale, auditor);
 * - lena@lab.org (4, Lena Park, lab user: member of Physical Lab 1);
 * - max@lab.org (5, Max Ruiz, lab user: manager of Physical Lab 1, member of Organic Lab A);
 * - and an issue to Organic Lab A, so that each lab holds something: 3 Volumetric flasks on November 22, 2026.
 */
export async function seedLabRoles(): Promise<void> {
  await seedLab();
  const { auditor, labMember, labManager } = LAB_PEOPLE;
  await createUser({ ...auditor, first_name: 'Audrey', last_name: 'Hale', role: 'auditor' });
  await createUser({
    ...labMember,
    first_name: 'Lena',
    last_name: 'Park',
    role: 'lab_user',
    labs: [{ location: 1, role: 'member' }],
  });
  await createUser({
    ...labManager,
    first_name: 'Max',
    last_name: 'Ruiz',
    role: 'lab_user',
    labs: [
      { location: 1, role: 'manager' },
      { location: 2, role: 'member' },
    ],
  });
  await seedIssue('2026-11-22T12:00:00.000Z', 2, [{ object_type: 'GLASSWARE', object_id: 2, quantity: 3 }]);
}
