import { parse } from 'csv-parse/sync';
import { multipartBody } from '../../testing/multipart';
import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';
import { stockBody } from '../../testing/stockApi';
import { STOCK_KINDS, specOf } from '../../domain/stockKinds';

// Storage place (docs/api.md §18): a field added through the stock-kind table alone, on all three kinds.

let t: TestApp;
let token: string;
const call = requestHelper(
  () => t,
  () => token,
);

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
});
afterAll(() => t.close());

const recordsUrl = (kind: (typeof STOCK_KINDS)[number]) =>
  `/api/storeobjects/${specOf(kind).segments.store}/`;

describe.each(STOCK_KINDS)('the storage place of a %s', (kind) => {
  const url = recordsUrl(kind);

  it('is stored, read everywhere a record is, kept by a PUT without it and cleared by null', async () => {
    const created = await call(
      'POST',
      url,
      stockBody(kind, { quantity: 2, storage_place: ' Cabinet B2, shelf 3 ' }),
    );
    expect(created.statusCode).toBe(201);
    const record = created.json();
    expect(record.storage_place).toBe('Cabinet B2, shelf 3');

    const one = await call('GET', `${url}${record.id}/`, undefined, {});
    expect(one.json().storage_place).toBe('Cabinet B2, shelf 3');
    const listed = (await call('GET', url, undefined, {})).json() as { id: number; storage_place: string }[];
    expect(listed.find((item) => item.id === record.id)?.storage_place).toBe('Cabinet B2, shelf 3');

    // SERVER.md's PUT sends every §4.3 field and none of the later ones: the place stays.
    const { storage_place: _kept, ...oldClientBody } = stockBody(kind, { quantity: 3 }) as Record<
      string,
      unknown
    >;
    const put = await call('PUT', `${url}${record.id}/`, oldClientBody);
    expect(put.statusCode).toBe(200);
    expect(put.json().storage_place).toBe('Cabinet B2, shelf 3');

    const cleared = await call('PATCH', `${url}${record.id}/`, { storage_place: null });
    expect(cleared.json().storage_place).toBeNull();
    const fresh = await call('POST', url, stockBody(kind, { quantity: 1 }));
    expect(fresh.json().storage_place).toBeNull();
  });

  it('refuses a blank (null clears it) and more than 100 characters in the contract shape, writing nothing', async () => {
    const before = (await call('GET', url, undefined, {})).json().length;
    const response = await call(
      'POST',
      url,
      stockBody(kind, { quantity: 1, storage_place: 'x'.repeat(101) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      storage_place: ['Ensure this field has no more than 100 characters.'],
    });
    expect((await call('GET', url, undefined, {})).json()).toHaveLength(before);
  });

  it('is audited, exported under its header and imported back from it', async () => {
    const record = (await call('POST', url, stockBody(kind, { quantity: 1 }))).json();
    await call('PATCH', `${url}${record.id}/`, { storage_place: 'Cold room' });
    const audit = await call(
      'GET',
      `/api/management/audit/?target_type=${kind}&target_id=${record.id}&action=stock.updated`,
    );
    expect(audit.json().results[0].changes).toEqual({ storage_place: [null, 'Cold room'] });

    const exported = await call('GET', `${url}export/`, undefined, {});
    const [header, ...rows] = parse(exported.body, { bom: true }) as string[][];
    const column = header.indexOf('Storage place');
    expect(column).toBeGreaterThan(-1);
    expect(rows.map((row) => row[column])).toContain('Cold room');

    // A row of the file under a new name and another place comes in as a new record in that place.
    const row = [...rows[0]];
    row[header.indexOf('Name')] = `Imported ${kind}`;
    row[column] = 'Shelf 9';
    const csv = [header, row].map((cells) => cells.map((cell) => JSON.stringify(cell)).join(',')).join('\n');
    const form = await multipartBody([['file', Buffer.from(csv), `${kind}.csv`]]);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/management/${kind}-imports/`,
      payload: form.payload,
      headers: { ...authHeader(token), ...form.headers },
    });
    expect(opened.statusCode).toBe(201);
    const session = opened.json() as { id: number; mapping: Record<string, number | null> };
    expect(session.mapping.storage_place).toBe(column);
    const committed = await call('POST', `/api/management/imports/${session.id}/commit/`, {
      mapping: session.mapping,
    });
    expect(committed.json()).toMatchObject({ status: 'COMMITTED', created_count: 1 });
    const listed = (await call('GET', url, undefined, {})).json() as Record<string, unknown>[];
    const imported = listed.find((item) => JSON.stringify(item).includes(`"Imported ${kind}"`));
    expect(imported?.storage_place).toBe('Shelf 9');
  });
});
