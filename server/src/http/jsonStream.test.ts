import { jsonArrayStream } from './jsonStream';

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
