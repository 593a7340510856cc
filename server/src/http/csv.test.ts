import { buffer } from 'node:stream/consumers';
import type { Readable } from 'node:stream';
import { neutralizeFormula, restoreFormula } from '../domain/csvFormat';
import { csvStream, type CsvColumn } from './csv';

// Buffer's decoding keeps the byte order mark, which TextDecoder would drop.
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

describe('neutralizeFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\uFF1D1+1', '\uFF0D1'])(
    'prefixes %j, which starts with a formula trigger, with a quote',
    (cell) => {
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    },
  );

  // OWASP: a reader that splits the cell at a separator would start a cell with the trigger.
  it.each(['Acme;=1+2', 'Acme,+1', 'Acme,-2+3', 'a;@SUM(A1)', 'a\t=1', 'a\n=1', 'a\r\n=1', "'=1"])(
    'prefixes %j, which holds a formula trigger behind a separator, with a quote',
    (cell) => {
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    },
  );

  it.each(['Ethanol', '64-17-5', '2,4-Dinitrophenol', '(+)-Limonene', 'Acme; =1', " 'quoted", "'quoted", ''])(
    'keeps %j',
    (cell) => {
      expect(neutralizeFormula(cell)).toBe(cell);
    },
  );
});

describe('restoreFormula', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', 'Acme;=1+2', 'Ethanol', " 'quoted", "'quoted", "'=1", "''=1", ''])(
    'undoes neutralizeFormula of %j',
    (cell) => {
      expect(restoreFormula(neutralizeFormula(cell))).toBe(cell);
    },
  );

  it.each(["'quoted", "'", "'Acme; =1"])('keeps %j, which no export escaped', (cell) => {
    expect(restoreFormula(cell)).toBe(cell);
  });
});

describe('csvStream', () => {
  const columns: CsvColumn<{ name: string; change: number | null }>[] = [
    { header: 'Name', cell: (row) => row.name },
    { header: 'Change', cell: (row) => row.change },
  ];

  async function* batches(...list: { name: string; change: number | null }[][]) {
    yield* list;
  }

  it('writes a BOM, the header and one CRLF line per row of every batch; text quoted, numbers as numbers', async () => {
    const csv = await text(
      csvStream(
        columns,
        batches(
          [{ name: '-x', change: -1.5 }],
          [],
          [
            { name: 'a,b', change: null },
            { name: 'Acme;=1+2', change: 2 },
          ],
        ),
      ),
    );
    expect(csv).toBe('\uFEFF"Name","Change"\r\n"\'-x",-1.5\r\n"a,b",\r\n"\'Acme;=1+2",2\r\n');
  });

  it('ends with the error of a failing read instead of never ending', async () => {
    async function* failing() {
      yield [{ name: 'first', change: 1 }];
      throw new Error('connection lost');
    }
    await expect(text(csvStream(columns, failing()))).rejects.toThrow('connection lost');
  });
});
