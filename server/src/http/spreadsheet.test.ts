import { turnsOfTheEventLoopWhile } from '../testing/eventLoop';
import { readSpreadsheet } from './spreadsheet';

const csvOf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

describe('readSpreadsheet (CSV)', () => {
  // About 1.2 MB: a few seconds' work for a whole department's spreadsheet on a slow machine.
  const rows = Array.from(
    { length: 20_000 },
    (_, row) => `Äthanol ${row};64-17-5;C2H6O;99.5;Merck;Daraz;LIQUID;2.5 L`,
  );
  const big = csvOf(['name;CAS RN;formula;purity;manufacturer;supplier;state;quantity', ...rows]);

  it('reads every row of a large file, multi-byte characters cut between slices included', async () => {
    const sheet = await readSpreadsheet(big, 20_000);
    expect(sheet.headers).toHaveLength(8);
    expect(sheet.rows).toHaveLength(20_000);
    expect(sheet.rows.map((row) => row[0])).toEqual(rows.map((row) => row.split(';')[0]));
  });

  it('lets other requests be answered while it parses a large file', async () => {
    // At least one turn per 64 KB slice: the parse never holds the loop for the whole file.
    expect(await turnsOfTheEventLoopWhile(readSpreadsheet(big, 20_000))).toBeGreaterThanOrEqual(
      Math.floor(big.length / (64 * 1024)),
    );
  });

  it('names csv-parse’s reason for broken quoting', async () => {
    await expect(readSpreadsheet(csvOf(['name,quantity', '"Ethanol,3']), 10)).rejects.toMatchObject({
      fields: { file: [expect.stringMatching(/^The file could not be read as CSV: .*Quote Not Closed/i)] },
    });
  });
});
