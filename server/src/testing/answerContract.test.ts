import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import { answerContractPlugin, differences } from './answerContract';
import { buildTestApp, type TestApp } from './testApp';

// The check every test's answers go through, and proof that it covers every route: a route answering JSON without a
// declared schema would escape it.

describe('the answer check', () => {
  let app: FastifyInstance;
  let consoleError: jest.SpyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(answerContractPlugin);
    const Answer = Type.Object({ id: Type.Integer(), name: Type.String() });
    const route = (url: string, answer: unknown) =>
      app.get(url, { schema: { response: { 200: Answer } } }, async () => answer);
    route('/right', { id: 1, name: 'Acetone' });
    route('/extra', { id: 1, name: 'Acetone', created_at: '2026-01-01' });
    route('/wrong-type', { id: '1', name: 'Acetone' });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => consoleError.mockRestore());

  it('lets an answer that is what its schema declares through unchanged', async () => {
    const response = await app.inject('/right');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 1, name: 'Acetone' });
  });

  it('refuses a field the schema lacks, which the serialiser would drop without a word', async () => {
    const response = await app.inject('/extra');
    expect(response.statusCode).toBe(500);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('GET /extra (200): the serialiser changed $.created_at'),
    );
  });

  it('refuses a value of another type, which the serialiser would coerce', async () => {
    const response = await app.inject('/wrong-type');
    expect(response.statusCode).toBe(500);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('GET /wrong-type (200): data/id must be integer'),
    );
  });

  it('names every place two answers differ', () => {
    expect(differences({ a: [1, 2], b: { c: 1 } }, { a: [1, 3], b: { c: 1, d: 2 } })).toEqual([
      '$.a[1]',
      '$.b.d',
    ]);
    expect(differences([1], [1, 2])).toEqual(['$.length']);
  });
});

describe('the routes the check covers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('every route answering JSON declares the schema of its answer', () => {
    const document = (t.app as unknown as { swagger: () => OpenApiDocument }).swagger();
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          if (!status.startsWith('2') || status === '204') continue;
          const types = Object.keys(answer.content ?? {});
          const json = answer.content?.['application/json'];
          if ((types.length === 0 || json !== undefined) && json?.schema === undefined)
            undeclared.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
}
