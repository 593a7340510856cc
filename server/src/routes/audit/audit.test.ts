import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { User } from '../../db/repositories/users';
import type { AuditEntry } from '../../contract/audit';
import { postUpload } from '../../testing/multipart';
import { createStockRecord, ledgerOf } from '../../testing/stockApi';
import {
  authHeader,
  buildTestApp,
  TEST_PASSWORD,
  type HttpMethod,
  type TestApp,
} from '../../testing/testApp';

/** Every audited action writes one entry, with who, from where, what and which fields changed. */

let t: TestApp;
let me: User;
let token: string;
let refresh: string;

const ADDRESS = '192.0.2.10';

beforeAll(async () => {
  t = await buildTestApp();
  me = await t.createUser({ email: 'Ann.Lee@Lab.org', first_name: 'Ann', last_name: 'Lee' });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email: me.email, password: TEST_PASSWORD },
  });
  ({ access: token, refresh } = login.json());
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const call = (method: HttpMethod, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: authHeader(token), remoteAddress: ADDRESS });

async function allEntries(): Promise<AuditEntry[]> {
  const response = await call('GET', '/api/management/audit/?limit=500');
  expect(response.statusCode).toBe(200);
  return (response.json() as { results: AuditEntry[] }).results;
}

/** The entries `act` writes, oldest first. */
async function writtenBy(act: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = Math.max(0, ...(await allEntries()).map((entry) => entry.id));
  await act();
  return (await allEntries()).filter((entry) => entry.id > before).reverse();
}

/** The entries a request writes, after checking its status. */
const auditOf = (status: number, request: () => Promise<LightMyRequestResponse>) =>
  writtenBy(async () => {
    const response = await request();
    expect({ status: response.statusCode, body: response.body }).toEqual({ status, body: expect.anything() });
  });

/** What every entry of a signed-in action carries about its actor. */
const byMe = (address = ADDRESS) => ({
  actor_id: me.id,
  actor_email: 'Ann.Lee@Lab.org',
  authenticated: true,
  ip: address,
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
});

describe('users', () => {
  const newUser = {
    email: 'new.person@lab.org',
    first_name: 'New',
    last_name: 'Person',
    password: 'first password 1',
    confirm_password: 'first password 1',
  };

  it('audits create, edit, password reset and delete; a no-op edit writes nothing', async () => {
    let id = 0;
    const created = await auditOf(201, async () => {
      const response = await call('POST', '/api/account/users/', newUser);
      id = (response.json() as { id: number }).id;
      return response;
    });
    const target = {
      target_type: 'user',
      target_id: id,
      target_label: `New Person <new.person@lab.org> (user #${id})`,
    };
    expect(created).toEqual([
      {
        id: expect.any(Number),
        action: 'user.created',
        ...byMe(),
        ...target,
        changes: {
          email: [null, 'new.person@lab.org'],
          first_name: [null, 'New'],
          last_name: [null, 'Person'],
          role: [null, 'store_manager'],
        },
      },
    ]);

    expect(
      await auditOf(200, () => call('PATCH', `/api/account/users/${id}/`, { first_name: 'Newer' })),
    ).toEqual([
      expect.objectContaining({
        action: 'user.updated',
        ...byMe(),
        target_label: `Newer Person <new.person@lab.org> (user #${id})`,
        changes: { first_name: ['New', 'Newer'] },
      }),
    ]);
    expect(
      await auditOf(200, () =>
        call('PUT', `/api/account/users/${id}/`, { first_name: 'Newer', last_name: 'Person' }),
      ),
    ).toEqual([]);

    expect(
      await auditOf(200, () =>
        call('POST', `/api/account/users/${id}/set_password/`, {
          password: 'second password 2',
          confirm_password: 'second password 2',
        }),
      ),
    ).toEqual([
      expect.objectContaining({ action: 'user.password_reset', ...byMe(), target_id: id, changes: null }),
    ]);

    expect(await auditOf(204, () => call('DELETE', `/api/account/users/${id}/`))).toEqual([
      expect.objectContaining({
        action: 'user.deleted',
        ...byMe(),
        target_id: id,
        target_label: `Newer Person <new.person@lab.org> (user #${id})`,
        changes: {
          email: ['new.person@lab.org', null],
          first_name: ['Newer', null],
          last_name: ['Person', null],
          role: ['store_manager', null],
        },
      }),
    ]);
  });

  it('writes nothing for a refused change', async () => {
    const other = await t.createUser();
    expect(
      await auditOf(400, () => call('POST', '/api/account/users/', { ...newUser, email: other.email })),
    ).toEqual([]);
    expect(await auditOf(400, () => call('DELETE', `/api/account/users/${me.id}/`))).toEqual([]);
    expect(
      await auditOf(400, () =>
        call('PATCH', `/api/account/users/${other.id}/`, { email: me.email.toUpperCase() }),
      ),
    ).toEqual([]);
  });

  it('keeps the actor of an entry after their account is deleted', async () => {
    const gone = await t.signedInUser({ first_name: 'Gone', last_name: 'Soon' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/filemanager/categories/',
      payload: { name: 'Made by the gone' },
      headers: authHeader(gone.token),
    });
    expect(response.statusCode).toBe(201);
    await call('DELETE', `/api/account/users/${gone.user.id}/`);
    const [entry] = (await allEntries()).filter(
      (item) => item.action === 'category.created' && item.target_id === response.json().id,
    );
    expect(entry).toMatchObject({
      actor_id: gone.user.id,
      actor_email: gone.user.email,
      authenticated: true,
    });
  });
});

describe('stock records', () => {
  it('audits create (every field), edits (the changed fields) and delete (what went)', async () => {
    let id = 0;
    const created = await writtenBy(async () => {
      id = await createStockRecord(t, token, 'chemical', 250.5, 'Ethanol');
    });
    expect(created).toEqual([
      expect.objectContaining({
        action: 'stock.created',
        ...byMe('127.0.0.1'),
        target_type: 'chemical',
        target_id: id,
        target_label: `Ethanol 99.5% Merck/Daraz (chemical #${id})`,
        changes: {
          name: [null, 'Ethanol'],
          CAS_RN: [null, '64-17-5'],
          molecular_formula: [null, 'C2H6O'],
          molecular_weight: [null, 46.069],
          purity: [null, 99.5],
          state: [null, 'LIQUID'],
          manufacturer: [null, 'Merck'],
          supplier: [null, 'Daraz'],
          quantity: [null, 250.5],
        },
      }),
    ]);

    const url = `/api/storeobjects/chemicalobjs/${id}/`;
    expect(
      await auditOf(200, () => call('PATCH', url, { purity: 96, supplier: 'Sigma', quantity: 200 })),
    ).toEqual([
      expect.objectContaining({
        action: 'stock.updated',
        ...byMe(),
        target_label: `Ethanol 96% Merck/Sigma (chemical #${id})`,
        changes: { purity: [99.5, 96], supplier: ['Daraz', 'Sigma'], quantity: [250.5, 200] },
      }),
    ]);
    // The quantity alone is the ledger's: an ADJUSTMENT entry, no audit entry.
    expect(await auditOf(200, () => call('PATCH', url, { quantity: 150 }))).toEqual([]);
    expect((await ledgerOf(t, token, 'chemical', id))[0]).toMatchObject({ kind: 'ADJUSTMENT', change: -50 });
    // A client sending back what it read changes nothing.
    const current = (await call('GET', url)).json() as object;
    expect(await auditOf(200, () => call('PUT', url, current))).toEqual([]);
    expect(await auditOf(200, () => call('PATCH', url, { supplier: 'sigma' }))).toEqual([]);

    expect(await auditOf(204, () => call('DELETE', url))).toEqual([
      expect.objectContaining({
        action: 'stock.deleted',
        ...byMe(),
        target_id: id,
        target_label: `Ethanol 96% Merck/Sigma (chemical #${id})`,
        changes: expect.objectContaining({ name: ['Ethanol', null], quantity: [150, null] }),
      }),
    ]);
  });

  it('labels instruments and glassware by their identifying fields', async () => {
    const [instrument] = await auditOf(201, () =>
      call('POST', '/api/management/instruments/', {
        name: 'Spectrophotometer',
        manufacturer: 'Shimadzu',
        supplier: 'Daraz',
      }),
    );
    expect(instrument).toMatchObject({
      action: 'stock.created',
      target_type: 'instrument',
      target_label: `Spectrophotometer Shimadzu/Daraz (instrument #${instrument.target_id})`,
      changes: {
        name: [null, 'Spectrophotometer'],
        manufacturer: [null, 'Shimadzu'],
        supplier: [null, 'Daraz'],
        quantity: [null, 0],
      },
    });
    const [glassware] = await auditOf(201, () =>
      call('POST', '/api/storeobjects/glasswareobjs/', {
        glassware: { name: 'Beaker' },
        manufacturer: 'Pyrex',
        supplier: 'Daraz',
        size: 250,
        material_type: 'Borosilicate',
        quantity: 20,
      }),
    );
    expect(glassware).toMatchObject({
      target_type: 'glassware',
      target_label: `Beaker 250 Borosilicate Pyrex/Daraz (glassware #${glassware.target_id})`,
    });
  });

  it('writes nothing when the write is refused or rolled back', async () => {
    const first = await createStockRecord(t, token, 'instrument', 1, 'Centrifuge');
    const second = await createStockRecord(t, token, 'instrument', 1, 'Microscope');
    // Made equal to the first: the unique identity fails inside the transaction.
    expect(
      await auditOf(400, () =>
        call('PATCH', `/api/storeobjects/instrumentobjs/${second}/`, {
          name: 'Centrifuge',
          manufacturer: 'Shimadzu',
        }),
      ),
    ).toEqual([]);
    await call('POST', '/api/management/issue-cart/', {
      object_id: first,
      object_type: 'INSTRUMENT',
      quantity: 1,
    });
    expect(await auditOf(409, () => call('DELETE', `/api/storeobjects/instrumentobjs/${first}/`))).toEqual(
      [],
    );
    await call(
      'DELETE',
      `/api/management/issue-cart/${(await call('GET', '/api/management/issue-cart/')).json()[0].id}/`,
    );
  });
});

describe('locations', () => {
  const lab = {
    name: 'Physical Lab 1',
    consumer_type: 'PHYSICAL',
    room_number: '110',
    building_name: 'Science Building',
  };

  it('audits create, edit and delete; a no-op edit and a refused delete write nothing', async () => {
    const [created] = await auditOf(201, () => call('POST', '/api/management/store-consumers/', lab));
    const id = created.target_id!;
    expect(created).toEqual(
      expect.objectContaining({
        action: 'location.created',
        ...byMe(),
        target_type: 'location',
        target_label: `Physical Lab 1 (location #${id})`,
        changes: {
          name: [null, 'Physical Lab 1'],
          consumer_type: [null, 'PHYSICAL'],
          room_number: [null, '110'],
          building_name: [null, 'Science Building'],
        },
      }),
    );
    const url = `/api/management/store-consumers/${id}/`;
    expect(
      await auditOf(200, () => call('PATCH', url, { room_number: 112, name: 'Physical Lab 1' })),
    ).toEqual([
      expect.objectContaining({ action: 'location.updated', changes: { room_number: ['110', '112'] } }),
    ]);
    expect(await auditOf(200, () => call('PUT', url, { ...lab, room_number: '112' }))).toEqual([]);

    const stock = await createStockRecord(t, token, 'glassware', 5);
    await call('POST', '/api/management/issue-cart/', {
      object_id: stock,
      object_type: 'GLASSWARE',
      quantity: 1,
    });
    expect((await call('POST', `/api/management/issue-cart/${id}/merge/`)).statusCode).toBe(201);
    expect(await auditOf(409, () => call('DELETE', url))).toEqual([]);

    const [spare] = await auditOf(201, () =>
      call('POST', '/api/management/store-consumers/', { ...lab, name: 'Spare' }),
    );
    expect(
      await auditOf(204, () => call('DELETE', `/api/management/store-consumers/${spare.target_id}/`)),
    ).toEqual([
      expect.objectContaining({
        action: 'location.deleted',
        target_label: `Spare (location #${spare.target_id})`,
        changes: expect.objectContaining({ name: ['Spare', null] }),
      }),
    ]);
  });
});

describe('categories', () => {
  it('audits create, rename (a change of case too) and delete; the same name again writes nothing', async () => {
    const [created] = await auditOf(201, () =>
      call('POST', '/api/filemanager/categories/', { name: 'Manuals' }),
    );
    const id = created.target_id!;
    expect(created).toMatchObject({
      action: 'category.created',
      ...byMe(),
      target_type: 'category',
      target_label: `Manuals (category #${id})`,
      changes: { name: [null, 'Manuals'] },
    });
    const url = `/api/filemanager/categories/${id}/`;
    expect(await auditOf(200, () => call('PATCH', url, { name: 'Guides' }))).toEqual([
      expect.objectContaining({
        action: 'category.renamed',
        target_label: `Guides (category #${id})`,
        changes: { name: ['Manuals', 'Guides'] },
      }),
    ]);
    expect(await auditOf(200, () => call('PUT', url, { name: 'Guides' }))).toEqual([]);
    expect(await auditOf(200, () => call('PATCH', url, {}))).toEqual([]);
    expect(await auditOf(200, () => call('PATCH', url, { name: 'GUIDES' }))).toEqual([
      expect.objectContaining({ changes: { name: ['Guides', 'GUIDES'] } }),
    ]);
    expect(await auditOf(204, () => call('DELETE', url))).toEqual([
      expect.objectContaining({
        action: 'category.deleted',
        target_label: `GUIDES (category #${id})`,
        changes: { name: ['GUIDES', null] },
      }),
    ]);
  });
});

describe('files', () => {
  const FILE_CONTENT = 'the contents of a file: never in the audit log';

  it('audits upload with its links, link and unlink (one entry each) and delete; never the contents', async () => {
    const msds = (await call('POST', '/api/filemanager/categories/', { name: 'MSDS' })).json().id as number;
    const sds = (await call('POST', '/api/filemanager/categories/', { name: 'SDS' })).json().id as number;
    const acetone = await createStockRecord(t, token, 'chemical', 10, 'Acetone');
    const acetoneLabel = `Acetone 99.5% Merck/Daraz (chemical #${acetone})`;

    let id = 0;
    const uploaded = await auditOf(201, async () => {
      const response = await postUpload(
        t.app,
        [
          ['file', FILE_CONTENT, 'msds_acetone.txt'],
          ['categories', String(msds)],
          ['chemicals', String(acetone)],
        ],
        authHeader(token),
      );
      id = (response.json() as { id: number }).id;
      return response;
    });
    expect(uploaded).toEqual([
      expect.objectContaining({
        action: 'file.uploaded',
        ...byMe('127.0.0.1'),
        target_type: 'file',
        target_id: id,
        target_label: `msds_acetone.txt (file #${id})`,
        changes: {
          name: [null, 'msds_acetone.txt'],
          size_bytes: [null, Buffer.byteLength(FILE_CONTENT)],
          categories: [null, [`MSDS (category #${msds})`]],
          chemicals: [null, [acetoneLabel]],
        },
      }),
    ]);

    const url = `/api/filemanager/files/${id}/`;
    expect(await auditOf(200, () => call('PATCH', url, { categories: [sds] }))).toEqual([
      expect.objectContaining({
        action: 'file.linked',
        ...byMe(),
        target_label: `msds_acetone.txt (file #${id})`,
        changes: { categories: [null, [`SDS (category #${sds})`]] },
      }),
      expect.objectContaining({
        action: 'file.unlinked',
        ...byMe(),
        changes: { categories: [[`MSDS (category #${msds})`], null] },
      }),
    ]);
    expect(
      await auditOf(200, () => call('PATCH', url, { categories: [sds], chemicals: [acetone, acetone] })),
    ).toEqual([]);
    expect(await auditOf(400, () => call('PATCH', url, { categories: [], chemicals: [99999] }))).toEqual([]);
    expect(await auditOf(200, () => call('PATCH', url, { chemicals: [] }))).toEqual([
      expect.objectContaining({ action: 'file.unlinked', changes: { chemicals: [[acetoneLabel], null] } }),
    ]);

    expect(await auditOf(204, () => call('DELETE', url))).toEqual([
      expect.objectContaining({
        action: 'file.deleted',
        ...byMe(),
        changes: {
          name: ['msds_acetone.txt', null],
          size_bytes: [Buffer.byteLength(FILE_CONTENT), null],
          categories: [[`SDS (category #${sds})`], null],
        },
      }),
    ]);
    expect(JSON.stringify(await allEntries())).not.toContain(FILE_CONTENT);
  });

  it('writes nothing when the delete rolls back after its entry was written', async () => {
    const upload = await postUpload(t.app, [['file', 'kept', 'kept.txt']], authHeader(token));
    const { id } = upload.json() as { id: number };
    const remove = jest.spyOn(t.app.storage, 'remove').mockRejectedValueOnce(new Error('disk failure'));
    try {
      expect(await auditOf(500, () => call('DELETE', `/api/filemanager/files/${id}/`))).toEqual([]);
    } finally {
      remove.mockRestore();
    }
    expect((await call('GET', `/api/filemanager/files/${id}/`)).statusCode).toBe(200);
  });
});

describe('sign-in failures and lock-outs', () => {
  const signIn = (email: string, password: string, remoteAddress = ADDRESS, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email, password },
      remoteAddress,
      headers,
    });

  it('audits a failure as no authenticated actor, naming the account by its stored e-mail', async () => {
    const user = await t.createUser({ first_name: 'Bo', last_name: 'Ng' });
    expect(
      await auditOf(401, () => signIn(` ${user.email.toUpperCase()} `, 'a wrong password', '198.51.100.4')),
    ).toEqual([
      {
        id: expect.any(Number),
        created_at: expect.any(String),
        action: 'auth.login_failed',
        actor_id: null,
        actor_email: user.email,
        authenticated: false,
        target_type: 'user',
        target_id: user.id,
        target_label: `Bo Ng <${user.email}> (user #${user.id})`,
        changes: null,
        ip: '198.51.100.4',
      },
    ]);
    expect(await auditOf(200, () => signIn(user.email, TEST_PASSWORD))).toEqual([]);
  });

  it('never stores what was typed for an e-mail no account has: the entry names a keyed fingerprint of it', async () => {
    // A password typed into the e-mail field, a common slip.
    const typed = 'Tr0ub4dor&3-horse';
    const [entry] = await auditOf(401, () => signIn(typed, 'a guessed password'));
    const fingerprint = /^unknown account · fingerprint [0-9a-f]{8}$/;
    expect(entry).toEqual({
      id: expect.any(Number),
      created_at: expect.any(String),
      action: 'auth.login_failed',
      actor_id: null,
      actor_email: expect.stringMatching(fingerprint),
      authenticated: false,
      target_type: 'user',
      target_id: null,
      target_label: entry.actor_email,
      changes: null,
      ip: ADDRESS,
    });

    // The same text, in any case and spacing, gives the same fingerprint; another text another one.
    const [again] = await auditOf(401, () => signIn(` ${typed.toUpperCase()}`, 'another guess'));
    expect(again.actor_email).toBe(entry.actor_email);
    const [other] = await auditOf(401, () => signIn('nobody@lab.org', 'a guessed password'));
    expect(other.actor_email).toMatch(fingerprint);
    expect(other.actor_email).not.toBe(entry.actor_email);
    // A fingerprint finds its entries.
    const found = await call('GET', `/api/management/audit/?search=${entry.actor_email.slice(-8)}`);
    expect((found.json() as { results: AuditEntry[] }).results.map((e) => e.id)).toEqual([
      again.id,
      entry.id,
    ]);

    // Nothing that is stored or answered holds the text: not the log, not the sign-in throttle.
    const stored = JSON.stringify({
      entries: await allEntries(),
      audit: await t.db.selectFrom('audit_log').selectAll().execute(),
      throttle: await t.db.selectFrom('login_failures').selectAll().execute(),
    }).toLowerCase();
    for (const text of [typed, 'nobody@lab.org']) expect(stored).not.toContain(text.toLowerCase());
  });

  it('locks an e-mail no account has after too many failures, as it locks an account', async () => {
    const address = '198.51.100.12';
    for (let attempt = 1; attempt <= t.config.loginMaxFailures; attempt += 1) {
      expect((await signIn('Ghost@Lab.org', 'wrong', address)).statusCode).toBe(401);
    }
    expect((await signIn(' ghost@lab.org', 'wrong', address)).statusCode).toBe(429);
    expect((await signIn('ghost@lab.org', 'wrong', '198.51.100.13')).statusCode).toBe(401);
  });

  it('audits the lock-out once, with the failure that sets it; refused attempts write nothing', async () => {
    const user = await t.createUser();
    const address = '198.51.100.9';
    for (let attempt = 1; attempt < t.config.loginMaxFailures; attempt += 1) {
      expect((await auditOf(401, () => signIn(user.email, 'wrong', address))).map((e) => e.action)).toEqual([
        'auth.login_failed',
      ]);
    }
    expect((await auditOf(401, () => signIn(user.email, 'wrong', address))).map((e) => e.action)).toEqual([
      'auth.login_failed',
      'auth.locked_out',
    ]);
    expect(await auditOf(429, () => signIn(user.email, 'wrong', address))).toEqual([]);
    expect(await auditOf(429, () => signIn(user.email, TEST_PASSWORD, address))).toEqual([]);

    // Once the lock has passed, the next lock is audited again.
    t.advanceClock(t.config.loginLockSeconds + 1);
    const relocked: string[] = [];
    for (let attempt = 0; attempt < t.config.loginMaxFailures + 2; attempt += 1) {
      relocked.push(
        ...(
          await auditOf(attempt < t.config.loginMaxFailures ? 401 : 429, () =>
            signIn(user.email, 'wrong', address),
          )
        ).map((e) => e.action),
      );
    }
    expect(relocked.filter((action) => action === 'auth.locked_out')).toHaveLength(1);
    expect(relocked.filter((action) => action === 'auth.login_failed')).toHaveLength(
      t.config.loginMaxFailures,
    );
  });
});

describe('the client address', () => {
  const forwarded = { 'x-forwarded-for': '203.0.113.7' };
  const failSignIn = (app: TestApp) =>
    app.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'proxy.test@lab.org', password: 'whatever it is' },
      remoteAddress: '10.0.0.1',
      headers: forwarded,
    });
  const addressesIn = async (app: TestApp, appToken: string) => {
    const response = await app.app.inject({
      method: 'GET',
      url: '/api/management/audit/?action=auth.login_failed&search=proxy.test',
      headers: authHeader(appToken),
    });
    return (response.json() as { results: AuditEntry[] }).results.map((entry) => entry.ip);
  };

  it('is the forwarded address behind a trusted proxy (TRUST_PROXY)', async () => {
    const proxied = await buildTestApp({ trustProxy: true });
    try {
      await proxied.createUser({ email: 'proxy.test@lab.org' });
      await failSignIn(proxied);
      expect(await addressesIn(proxied, (await proxied.signedInUser()).token)).toEqual(['203.0.113.7']);
    } finally {
      await proxied.close();
    }
  });

  it.each(['garbage', '203.0.113.7, not-an-address', '<script>', '999.1.1.1', '203.0.113.7:8080'])(
    'refuses X-Forwarded-For "%s" behind a trusted proxy, recording nothing',
    async (header) => {
      const proxied = await buildTestApp({ trustProxy: true });
      try {
        await proxied.createUser({ email: 'proxy.test@lab.org' });
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { email: 'proxy.test@lab.org', password: 'whatever it is' },
          remoteAddress: '10.0.0.1',
          headers: { 'x-forwarded-for': header },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail: 'X-Forwarded-For must list IP addresses.' });
        expect(await addressesIn(proxied, (await proxied.signedInUser()).token)).toEqual([]);
      } finally {
        await proxied.close();
      }
    },
  );

  it('ignores X-Forwarded-For entries beyond the trusted hops, valid or not', async () => {
    const proxied = await buildTestApp({ trustProxy: 1 });
    try {
      await proxied.createUser({ email: 'proxy.test@lab.org' });
      await proxied.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'proxy.test@lab.org', password: 'whatever it is' },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': 'garbage, 2001:db8::7' },
      });
      expect(await addressesIn(proxied, (await proxied.signedInUser()).token)).toEqual(['2001:db8::7']);
    } finally {
      await proxied.close();
    }
  });

  it("is the connection's address otherwise, whatever X-Forwarded-For says", async () => {
    await t.createUser({ email: 'proxy.test@lab.org' });
    await failSignIn(t);
    expect(await addressesIn(t, token)).toEqual(['10.0.0.1']);
  });
});

describe('secrets', () => {
  it('never carries a password, password hash or token, after every audited action', async () => {
    const entries = await allEntries();
    // Every kind of action happened in this file before this test.
    expect(new Set(entries.map((entry) => entry.action.split('.')[0]))).toEqual(
      new Set(['auth', 'user', 'stock', 'location', 'file', 'category']),
    );
    const rows = await t.db.selectFrom('audit_log').selectAll().execute();
    const hashes = (await t.db.selectFrom('users').select('password_hash').execute()).map(
      (row) => row.password_hash,
    );
    const text = JSON.stringify({ entries, rows });
    const secrets = [
      TEST_PASSWORD,
      'first password 1',
      'second password 2',
      'a guessed password',
      'another guess',
      'a wrong password',
      'whatever it is',
      token,
      refresh,
      ...hashes,
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    const fields = entries.flatMap((entry) => Object.keys(entry.changes ?? {}));
    expect(fields.filter((field) => /password|hash|token/i.test(field))).toEqual([]);
  });
});
