import type { LightMyRequestResponse } from 'fastify';
import { authHeader, type HttpMethod, type TestApp } from './testApp';

// What every versioned resource answers to If-Match (docs/api.md §28), as one set of tests each resource's
// versions.test.ts runs on its own rows: its own bumps are tested beside it.

export interface VersionedResource {
  t: () => TestApp;
  /** The store manager whose writes the tests make. */
  token: () => string;
  /** Another store manager, who changes the row meanwhile. */
  other: () => { token: string; email: string };
  /** A new row; answers its URL (`/api/…/{id}/`). */
  create: () => Promise<string>;
  method: Extract<HttpMethod, 'PUT' | 'PATCH'>;
  /** A body that changes the row: each call's another change. */
  change: () => Promise<object>;
}

interface Versioned {
  version: number;
}

export function describeConditionalWrites(name: string, resource: VersionedResource): void {
  const send = (
    method: HttpMethod,
    url: string,
    payload: object | undefined,
    ifMatch?: string,
    token = resource.token(),
  ): Promise<LightMyRequestResponse> =>
    resource.t().app.inject({
      method,
      url,
      payload,
      headers: { ...authHeader(token), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    });
  const read = async (url: string) => {
    const response = await send('GET', url, undefined);
    expect(response.statusCode).toBe(200);
    return response;
  };
  const readRow = async (url: string) => (await read(url)).json() as Versioned;
  const write = async (url: string, ifMatch?: string, token?: string) =>
    send(resource.method, url, await resource.change(), ifMatch, token);
  /** What a refused write must leave as it was: every audit entry and ledger entry. */
  const journals = async () => {
    const { db } = resource.t();
    const count = async (table: 'audit_log' | 'stock_ledger') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { audit: await count('audit_log'), ledger: await count('stock_ledger') };
  };

  describe(`${name}: If-Match (docs/api.md §28)`, () => {
    it('reads carry the version, and a single read answers it as a strong ETag', async () => {
      const url = await resource.create();
      const response = await read(url);
      const { version } = response.json() as Versioned;
      expect(Number.isInteger(version) && version >= 1).toBe(true);
      expect(response.headers.etag).toBe(`"${version}"`);
      expect(response.headers['access-control-expose-headers']).toBe('ETag');
    });

    it('a write with the current version applies and answers the next version, also as its ETag', async () => {
      const url = await resource.create();
      const { version } = await readRow(url);
      const response = await write(url, `"${version}"`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ version: version + 1 });
      expect(response.headers.etag).toBe(`"${version + 1}"`);
      expect(await readRow(url)).toEqual(response.json());
    });

    it('a stale If-Match answers 412 with who changed it, when, and the row now; nothing is written', async () => {
      const url = await resource.create();
      const { version } = await readRow(url);
      const other = resource.other();
      expect((await write(url, undefined, other.token)).statusCode).toBe(200);
      const now = await readRow(url);
      const change = await resource.change();
      const before = await journals();

      const response = await send(resource.method, url, change, `"${version}"`);
      expect(response.statusCode).toBe(412);
      const body = response.json();
      expect(body).toEqual({
        detail: `Changed by ${other.email} at ${body.changed_at}.`,
        changed_by: other.email,
        changed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        version: version + 1,
        current: now,
      });
      expect(await readRow(url)).toEqual(now);
      expect(await journals()).toEqual(before);
    });

    it('takes W/"n", a list that names the version, and *; a list that does not answers 412', async () => {
      const url = await resource.create();
      const cases: [(version: number) => string, number][] = [
        [(version) => `W/"${version}"`, 200],
        [(version) => `"999", "${version}"`, 200],
        [() => '*', 200],
        [(version) => `"a,b" ,, W/"${version - 1}"`, 412],
      ];
      for (const [ifMatch, status] of cases) {
        const { version } = await readRow(url);
        const response = await write(url, ifMatch(version));
        expect({ ifMatch: ifMatch(version), status: response.statusCode }).toEqual({
          ifMatch: ifMatch(version),
          status,
        });
      }
    });

    it('answers 400 to an If-Match that is not an entity-tag list, before anything is written', async () => {
      const url = await resource.create();
      const before = await readRow(url);
      for (const ifMatch of ['3', '"3', 'W/3', '*, "3"', '"3" "4"', 'w/"3"', '']) {
        const response = await write(url, ifMatch);
        expect({ ifMatch, status: response.statusCode, body: response.json() }).toEqual({
          ifMatch,
          status: 400,
          body: { detail: 'If-Match must be "*" or a list of entity tags, such as "3".' },
        });
      }
      expect(await readRow(url)).toEqual(before);
    });

    it('without If-Match the last write wins, as SERVER.md has it', async () => {
      const url = await resource.create();
      const { version } = await readRow(url);
      expect((await write(url, undefined, resource.other().token)).statusCode).toBe(200);
      const response = await write(url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ version: version + 2 });
    });

    it('of two writes based on the same version, exactly one applies', async () => {
      const url = await resource.create();
      const { version } = await readRow(url);
      const answers = await Promise.all([write(url, `"${version}"`), write(url, `"${version}"`)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
      expect((await readRow(url)).version).toBe(version + 1);
    });

    it('DELETE with a stale If-Match answers 412 and keeps the row; with the current one it deletes', async () => {
      const url = await resource.create();
      const { version } = await readRow(url);
      expect((await write(url, undefined, resource.other().token)).statusCode).toBe(200);
      const stale = await send('DELETE', url, undefined, `"${version}"`);
      expect(stale.statusCode).toBe(412);
      expect(stale.json()).toMatchObject({ version: version + 1, current: await readRow(url) });
      expect((await send('DELETE', url, undefined, `"${version + 1}"`)).statusCode).toBe(204);
      expect((await send('GET', url, undefined)).statusCode).toBe(404);
    });
  });
}
