import { turnsOfTheEventLoopWhile } from '../testing/eventLoop';
import { jsonArrayStream, jsonObjectStream } from './jsonStream';

async function textOf(stream: NodeJS.ReadableStream): Promise<{ text: string; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { text: Buffer.concat(chunks).toString('utf8'), chunks: chunks.length };
}

describe('jsonArrayStream', () => {
  const records = Array.from({ length: 7 }, (_, id) => ({
    id,
    name: `Ethanol "${id}" – 96 %`,
    nested: { values: [id / 3, null], flag: id % 2 === 0 },
  }));

  it.each([1, 2, 3, 7, 100])(
    'writes the text of JSON.stringify in chunks of %i records',
    async (perChunk) => {
      const { text, chunks } = await textOf(jsonArrayStream(records, perChunk));
      expect(text).toBe(JSON.stringify(records));
      expect(chunks).toBe(Math.ceil(records.length / perChunk));
    },
  );

  it('writes [] for an empty list', async () => {
    expect((await textOf(jsonArrayStream([]))).text).toBe('[]');
  });
});

describe('jsonObjectStream', () => {
  const rows = Array.from({ length: 5 }, (_, row) => ({
    row,
    errors: { name: ['This field is required.'] },
  }));

  it.each([1, 2, 5, 10])(
    'writes the text of JSON.stringify with the array in chunks of %i',
    async (perChunk) => {
      const head = { counts: { new: 3, add: 1, error: 1 } };
      expect((await textOf(jsonObjectStream(head, 'rows', rows, perChunk))).text).toBe(
        JSON.stringify({ ...head, rows }),
      );
    },
  );

  it('writes an object of the array alone, and an empty array', async () => {
    expect((await textOf(jsonObjectStream({}, 'rows', rows))).text).toBe(JSON.stringify({ rows }));
    expect((await textOf(jsonObjectStream({ n: 0 }, 'rows', []))).text).toBe('{"n":0,"rows":[]}');
  });

  it('lets other work run between its chunks, however fast the reader takes them', async () => {
    const many = Array.from({ length: 50 }, (_, row) => ({ row }));
    expect(
      await turnsOfTheEventLoopWhile(textOf(jsonObjectStream({}, 'rows', many, 5))),
    ).toBeGreaterThanOrEqual(10);
  });
});
