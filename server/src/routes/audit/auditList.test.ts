import { AUDIT_ACTION_NAMES, type AuditAction } from '../../domain/auditActions';
import { writeTransaction } from '../../feed/changeLog';
import type { AuditEntry } from '../../contract/audit';
import { recordAudit, type AuditActor, type AuditTarget } from '../../audit/entries';
import { authHeader, buildTestApp, requestHelper, type TestApp } from '../../testing/testApp';

/** Reading the audit log: access, filters and paging, over entries written at known times. */

let t: TestApp;
let token: string;

const ann: AuditActor = { id: 1, email: 'Ann@Lab.org', ip: '192.0.2.1', origin: null };
const bob: AuditActor = { id: 2, email: 'bob@lab.org', ip: '192.0.2.2', origin: null };
const mallory: AuditActor = { id: null, email: 'Mallory@Evil.org', ip: '198.51.100.66' };

const SEEDS: [at: string, actor: AuditActor, action: AuditAction, target: AuditTarget][] = [
  [
    '2026-03-01T10:00:00.000Z',
    ann,
    'user.created',
    { type: 'user', id: 2, label: 'Bob Roe <bob@lab.org> (user #2)' },
  ],
  [
    '2026-03-01T23:59:59.999Z',
    ann,
    'stock.updated',
    { type: 'chemical', id: 7, label: 'Ethanol 99.5% Merck/Daraz (chemical #7)' },
  ],
  [
    '2026-03-02T00:00:00.000Z',
    bob,
    'stock.deleted',
    { type: 'instrument', id: 7, label: 'Centrifuge Hettich/Daraz (instrument #7)' },
  ],
  [
    '2026-03-02T08:00:00.000Z',
    mallory,
    'auth.login_failed',
    { type: 'user', id: null, label: 'Mallory@Evil.org (no such user)' },
  ],
  [
    '2026-03-02T08:00:00.000Z',
    mallory,
    'auth.locked_out',
    { type: 'user', id: null, label: 'Mallory@Evil.org (no such user)' },
  ],
  [
    '2026-03-03T12:00:00.000Z',
    bob,
    'category.renamed',
    { type: 'category', id: 1, label: '50%_off (category #1)' },
  ],
  [
    '2026-03-03T12:00:00.000Z',
    ann,
    'file.linked',
    { type: 'file', id: 3, label: 'ÉTHANOL-msds.pdf (file #3)' },
  ],
];

/** Seed indexes, newest first: the order of an unfiltered list (same time → the later entry first). */
const NEWEST_FIRST = [6, 5, 4, 3, 2, 1, 0];

beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.signedInUser());
  for (const [at, actor, action, target] of SEEDS) {
    await writeTransaction(t.db, (trx) =>
      recordAudit(trx, {
        at: new Date(at),
        actor,
        action,
        target,
        changes: action === 'stock.updated' ? { purity: [99.5, 96] } : null,
      }),
    );
  }
});
afterAll(() => t.close());

const call = requestHelper(
  () => t,
  () => token,
);

interface AuditPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: AuditEntry[];
}

async function list(query: string): Promise<AuditPage> {
  const response = await call('GET', `/api/management/audit/?${query}`);
  expect({ status: response.statusCode, body: response.json() }).toEqual({
    status: 200,
    body: expect.anything(),
  });
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

/** The seed indexes a filtered list returns, in its order. */
async function seedsOf(query: string): Promise<number[]> {
  const { results, count } = await list(query);
  expect(count).toBe(results.length);
  return results.map((entry) =>
    SEEDS.findIndex(([at, , action]) => at === entry.created_at && action === entry.action),
  );
}

describe('access', () => {
  it.each(['/api/management/audit/', '/api/management/audit/actions/', '/api/management/audit/1/'])(
    'answers %s to anonymous callers with 401',
    async (url) => {
      const anonymous = await call('GET', url, undefined, {});
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      const badToken = await call('GET', url, undefined, authHeader('not.a.token'));
      expect(badToken.statusCode).toBe(401);
    },
  );

  it.each(['/api/management/audit/', '/api/management/audit/1/', '/api/management/audit/actions/'])(
    'has no way to add, change or delete an entry at %s (405)',
    async (url) => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        const response = await call(method, url, {});
        expect(response.statusCode).toBe(405);
        expect(response.json()).toEqual({ detail: `Method "${method}" not allowed.` });
        expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
      }
      expect(await t.db.selectFrom('audit_log').select('id').execute()).toHaveLength(SEEDS.length);
    },
  );
});

describe('GET /api/management/audit/', () => {
  it('lists every entry newest first (then by id) in the documented shape', async () => {
    const page = await list('');
    expect(page).toMatchObject({ count: SEEDS.length, next: null, previous: null });
    expect(await seedsOf('')).toEqual(NEWEST_FIRST);
    expect(page.results.find((entry) => entry.action === 'stock.updated')).toEqual({
      id: expect.any(Number),
      created_at: '2026-03-01T23:59:59.999Z',
      action: 'stock.updated',
      actor_id: 1,
      actor_email: 'Ann@Lab.org',
      authenticated: true,
      target_type: 'chemical',
      target_id: 7,
      target_label: 'Ethanol 99.5% Merck/Daraz (chemical #7)',
      changes: { purity: [99.5, 96] },
      ip: '192.0.2.1',
    });
    expect(page.results.find((entry) => entry.action === 'auth.locked_out')).toMatchObject({
      actor_id: null,
      actor_email: 'Mallory@Evil.org',
      authenticated: false,
      target_id: null,
      changes: null,
    });
  });

  it('filters by action: exact, comma-separated, and groups ending in a dot', async () => {
    expect(await seedsOf('action=user.created')).toEqual([0]);
    expect(await seedsOf('action=stock.deleted,user.created')).toEqual([2, 0]);
    expect(await seedsOf('action=auth.')).toEqual([4, 3]);
    expect(await seedsOf('action=stock.,%20file.linked')).toEqual([6, 2, 1]);
    expect(await seedsOf('action=')).toEqual(NEWEST_FIRST);
    expect(await seedsOf('action=location.')).toEqual([]);
  });

  it('refuses an action or group that is not in the vocabulary', async () => {
    for (const item of ['user.nope', 'user', 'file.linked.']) {
      const response = await call('GET', `/api/management/audit/?action=user.created,${item}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ action: [`"${item}" is not a valid choice.`] });
    }
  });

  it('filters by actor e-mail in any case, and by target type (any case) and id', async () => {
    expect(await seedsOf('actor=ann@LAB.org')).toEqual([6, 1, 0]);
    expect(await seedsOf('actor=mallory@evil.org')).toEqual([4, 3]);
    expect(await seedsOf('actor=ann')).toEqual([]);
    expect(await seedsOf('target_type=CHEMICAL&target_id=7')).toEqual([1]);
    expect(await seedsOf('target_type=user')).toEqual([4, 3, 0]);
    expect(await seedsOf('target_id=7')).toEqual([2, 1]);
    const bad = await call('GET', '/api/management/audit/?target_type=plasma&target_id=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      target_type: ['"plasma" is not a valid choice.'],
      target_id: ['Ensure this value is greater than or equal to 1.'],
    });
  });

  it('filters by days (to includes its whole day) and by instants (both bounds included)', async () => {
    expect(await seedsOf('to=2026-03-01')).toEqual([1, 0]);
    expect(await seedsOf('from=2026-03-02')).toEqual([6, 5, 4, 3, 2]);
    expect(await seedsOf('from=2026-03-02&to=2026-03-02')).toEqual([4, 3, 2]);
    expect(await seedsOf('from=2026-03-02T09:00%2B01:00')).toEqual([6, 5, 4, 3]);
    expect(await seedsOf('to=2026-03-02T08:00:00Z')).toEqual([4, 3, 2, 1, 0]);
    expect(await seedsOf('from=2026-03-04')).toEqual([]);
    // The last day and the first instant a date can name: no end, and no start, that any entry lies beyond.
    expect(await seedsOf('to=9999-12-31')).toEqual(NEWEST_FIRST);
    expect(await seedsOf('to=9999-12-31T23:59:59.999-01:00')).toEqual(NEWEST_FIRST);
    expect(await seedsOf('from=0000-01-01T00:00%2B01:00')).toEqual(NEWEST_FIRST);
    expect(await seedsOf('from=9999-12-31T23:00-01:00')).toEqual([]);
    const bad = await call('GET', '/api/management/audit/?from=yesterday&to=2026-02-30');
    expect(bad.statusCode).toBe(400);
    const message = 'Enter a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDThh:mm[:ss[.sss]][Z|±hh:mm]).';
    expect(bad.json()).toEqual({ from: [message], to: [message] });
  });

  it('searches the target label and the actor e-mail, in any case, taking % and _ literally', async () => {
    expect(await seedsOf('search=ETHANOL')).toEqual([1]);
    expect(await seedsOf('search=%C3%A9thanol')).toEqual([6]);
    expect(await seedsOf('search=evil.ORG')).toEqual([4, 3]);
    expect(await seedsOf('search=bob')).toEqual([5, 2, 0]);
    expect(await seedsOf('search=%25')).toEqual([5, 1]);
    expect(await seedsOf('search=_')).toEqual([5]);
    expect(await seedsOf('search=%20%20')).toEqual(NEWEST_FIRST);
    expect(await seedsOf('search=bob&action=stock.&from=2026-03-02')).toEqual([2]);
  });
});

describe('paging (limit and offset)', () => {
  const base = 'http://localhost/api/management/audit/';

  it('answers pages with absolute next and previous links that keep the filters', async () => {
    const first = await list('limit=3');
    expect(first).toMatchObject({ count: 7, next: `${base}?limit=3&offset=3`, previous: null });
    expect(first.results).toHaveLength(3);
    const second = await list('limit=3&offset=3');
    expect(second).toMatchObject({ count: 7, next: `${base}?limit=3&offset=6`, previous: `${base}?limit=3` });
    const last = await list('offset=6&limit=3');
    expect(last).toMatchObject({ count: 7, next: null, previous: `${base}?limit=3&offset=3` });
    const ids = [...first.results, ...second.results, ...last.results].map((entry) => entry.id);
    expect(ids).toEqual((await list('')).results.map((entry) => entry.id));

    const filtered = await list('action=auth.&limit=1');
    expect(filtered).toMatchObject({
      count: 2,
      next: `${base}?action=auth.&limit=1&offset=1`,
      previous: null,
    });
  });

  it('answers an offset past the end with no results and the full count', async () => {
    expect(await list('offset=100&limit=10')).toEqual({
      count: 7,
      next: null,
      previous: `${base}?limit=10&offset=90`,
      results: [],
    });
  });

  it('refuses limits and offsets out of range in the field-error shape', async () => {
    const response = await call('GET', '/api/management/audit/?limit=0&offset=-1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      limit: ['Ensure this value is greater than or equal to 1.'],
      offset: ['Ensure this value is greater than or equal to 0.'],
    });
    for (const [query, body] of [
      ['limit=1001', { limit: ['Ensure this value is less than or equal to 1000.'] }],
      ['limit=ten', { limit: ['A valid integer is required.'] }],
      ['offset=1.5', { offset: ['A valid integer is required.'] }],
    ] as const) {
      const refused = await call('GET', `/api/management/audit/?${query}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(body);
    }
  });
});

describe('GET /api/management/audit/{id}/ and actions/', () => {
  it('answers one entry, and 404 for an unknown id', async () => {
    const [newest] = (await list('limit=1')).results;
    const one = await call('GET', `/api/management/audit/${newest.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(newest);
    const missing = await call('GET', '/api/management/audit/99999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });

  it('lists the vocabulary with labels and groups', async () => {
    const response = await call('GET', '/api/management/audit/actions/');
    expect(response.statusCode).toBe(200);
    const actions = response.json() as { action: string; label: string; group: string }[];
    expect(actions.map((item) => item.action)).toEqual(AUDIT_ACTION_NAMES);
    expect(actions[0]).toEqual({ action: 'auth.login_failed', label: 'Sign-in failed', group: 'auth.' });
    expect(actions).toContainEqual({ action: 'file.unlinked', label: 'File unlinked', group: 'file.' });
  });
});

describe('default page size', () => {
  it('answers 50 entries when no limit is given', async () => {
    for (let index = 0; index < 50; index += 1) {
      await writeTransaction(t.db, (trx) =>
        recordAudit(trx, {
          at: new Date('2026-04-01T00:00:00.000Z'),
          actor: ann,
          action: 'category.created',
          target: { type: 'category', id: 100 + index, label: `Bulk ${index} (category #${100 + index})` },
        }),
      );
    }
    const page = await list('');
    expect(page.results).toHaveLength(50);
    expect(page).toMatchObject({
      count: 57,
      next: 'http://localhost/api/management/audit/?limit=50&offset=50',
    });
  });
});
