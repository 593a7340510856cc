import JSZip from 'jszip';
import { turnsOfTheEventLoopWhile } from '../testing/eventLoop';
import { declaringSize, repeated, rowXml, sheetOf, withPart, xlsxOf } from '../testing/workbooks';
import { readSpreadsheet } from './spreadsheet';

const csvOf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

/** The 400 keyed `file` that readSpreadsheet rejects with. */
const refusal = (message: string | RegExp) => ({
  fields: { file: [typeof message === 'string' ? message : expect.stringMatching(message)] },
});

const TOO_MANY_COLUMNS =
  'The file has more than 200 columns (empty ones count too): delete the columns that are not imported and ' +
  'save it again.';
const UNPACKS_TOO_LARGE =
  'The workbook unpacks to more than 64 MB: save the sheet to import on its own, as .xlsx or CSV.';

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
    // At least one turn per 16 KB slice: the parse never holds the loop for the whole file.
    expect(await turnsOfTheEventLoopWhile(readSpreadsheet(big, 20_000))).toBeGreaterThanOrEqual(
      Math.floor(big.length / (16 * 1024)),
    );
  });

  it('names csv-parse’s reason for broken quoting', async () => {
    await expect(readSpreadsheet(csvOf(['name,quantity', '"Ethanol,3']), 10)).rejects.toMatchObject(
      refusal(/^The file could not be read as CSV: .*Quote Not Closed/i),
    );
  });

  it('refuses a header of 3,000,000 columns as soon as it passes 200', async () => {
    const wide = csvOf([`name${',x'.repeat(3_000_000)}`, 'Ethanol']);
    await expect(readSpreadsheet(wide, 10)).rejects.toMatchObject(refusal(TOO_MANY_COLUMNS));
  });

  it('reads rows of 200 columns and refuses one of 201, empty ones counted', async () => {
    const header = Array.from({ length: 200 }, (_, column) => `c${column}`).join(',');
    const sheet = await readSpreadsheet(csvOf([header, 'Ethanol']), 10);
    expect(sheet.headers).toHaveLength(200);
    await expect(readSpreadsheet(csvOf([header, `Ethanol${','.repeat(200)}`]), 10)).rejects.toMatchObject(
      refusal(TOO_MANY_COLUMNS),
    );
  });

  it('refuses a row whose 201st column is quoted as too wide, not as badly quoted', async () => {
    const header = Array.from({ length: 200 }, (_, column) => `c${column}`).join(',');
    await expect(
      readSpreadsheet(csvOf([header, `Ethanol${','.repeat(199)},"a, b","c"`]), 10),
    ).rejects.toMatchObject(refusal(TOO_MANY_COLUMNS));
  });

  it('refuses more than 1,000,000 cells (20,000 rows of 200 one-letter cells fit in 8 MB)', async () => {
    const line = Array.from({ length: 200 }, () => 'a').join(',');
    const cells = csvOf([line, ...Array.from({ length: 5000 }, () => line)]);
    await expect(readSpreadsheet(cells, 20_000)).rejects.toMatchObject(
      refusal('The file holds more than 1,000,000 cells: split it into several files.'),
    );
  });

  it('stops at the first row past the limit', async () => {
    await expect(readSpreadsheet(big, 19_999)).rejects.toMatchObject(
      refusal('The file holds more than 19999 rows: split it into several files.'),
    );
  });

  it('refuses a row of more than 1 MB of text', async () => {
    await expect(
      readSpreadsheet(csvOf(['name,quantity', `"${'x'.repeat(1024 * 1024 + 1)}",1`]), 10),
    ).rejects.toMatchObject(
      refusal(
        'A row of the file holds more than 1,048,576 characters: no row of stock records is that long. Check the ' +
          'file is the right one.',
      ),
    );
  });

  it('keeps a cell of more than 1,000 characters cut to 1,001 (so it still reads as too long) and a long header cut to 100', async () => {
    const sheet = await readSpreadsheet(
      csvOf([`name,${'N'.repeat(150)}`, `Ethanol,${'x'.repeat(5000)}`]),
      10,
    );
    expect(sheet.headers).toEqual(['name', `${'N'.repeat(100)}…`]);
    expect(sheet.rows).toEqual([['Ethanol', 'x'.repeat(1001)]]);
  });
});

describe('readSpreadsheet (.xlsx)', () => {
  const small = () =>
    xlsxOf([
      ['name', 'quantity'],
      ['Beaker', 3],
    ]);

  it('reads date cells as the calendar dates they show, and a time of day only when there is one', async () => {
    const workbook = await xlsxOf(
      [
        ['name', 'expiry_date', 'opened_on', 'checked'],
        [
          'Ethanol',
          new Date(Date.UTC(2027, 2, 31)),
          new Date(Date.UTC(2026, 0, 2)),
          new Date(Date.UTC(2026, 0, 2, 14, 30)),
        ],
      ],
      (sheet) => {
        sheet.getColumn(2).numFmt = 'dd/mm/yyyy';
        sheet.getColumn(3).numFmt = 'dd/mm/yyyy hh:mm';
        sheet.getColumn(4).numFmt = 'dd/mm/yyyy hh:mm';
      },
    );
    const sheet = await readSpreadsheet(workbook, 10);
    expect(sheet.rows).toEqual([['Ethanol', '2027-03-31', '2026-01-02', '2026-01-02T14:30:00']]);
  });

  it('refuses a 165–330 KB workbook whose rows have a cell in column XFD (each row once became 16,384 cells)', async () => {
    function* rows() {
      yield rowXml(1, { A: 'name', B: 'quantity' });
      for (let row = 2; row <= 16_000; row++) yield rowXml(row, { A: `Beaker ${row}`, B: '1', XFD: 'x' });
    }
    const workbook = await withPart(await small(), 'xl/worksheets/sheet1.xml', sheetOf(rows()));
    expect(workbook.length).toBeGreaterThan(165_000);
    expect(workbook.length).toBeLessThan(330_000);
    await expect(readSpreadsheet(workbook, 20_000)).rejects.toMatchObject(refusal(TOO_MANY_COLUMNS));
  });

  it('refuses a workbook of more rows than the limit', async () => {
    const rows = Array.from({ length: 20_001 }, (_, row) => [`B${row}`, row]);
    const workbook = await xlsxOf([['name', 'quantity'], ...rows]);
    await expect(readSpreadsheet(workbook, 20_000)).rejects.toMatchObject(
      refusal('The file holds more than 20000 rows: split it into several files.'),
    );
  });

  it('refuses a workbook whose sheet declares 2 GB, before inflating anything', async () => {
    const workbook = declaringSize(await small(), 'xl/worksheets/sheet1.xml', 2 ** 31);
    await expect(readSpreadsheet(workbook, 10)).rejects.toMatchObject(refusal(UNPACKS_TOO_LARGE));
  });

  it('stops inflating a part that passes its limit, whatever size it declares', async () => {
    // 3 MB of styles (their limit is 2 MB) declared as 1 KB: only counting the bytes inflated finds out.
    const styles = ['<styleSheet><cellXfs>', ...repeated('<xf/>', 600_000), '</cellXfs></styleSheet>'];
    const workbook = declaringSize(
      await withPart(await small(), 'xl/styles.xml', styles),
      'xl/styles.xml',
      1000,
    );
    await expect(readSpreadsheet(workbook, 10)).rejects.toMatchObject(
      refusal(
        "The workbook's cell styles unpack to more than 2 MB: save the sheet to import on its own, as .xlsx or CSV.",
      ),
    );
  });

  it('refuses a workbook of more than 1,000 parts before reading its directory', async () => {
    const zip = await JSZip.loadAsync(await small());
    for (let part = 0; part < 1001; part++) zip.file(`xl/media/${part}.png`, '');
    const workbook = await zip.generateAsync({ type: 'nodebuffer' });
    await expect(readSpreadsheet(workbook, 10)).rejects.toMatchObject(
      refusal(
        'The workbook holds more than 1000 parts (sheets, pictures…): save the sheet to import on its own, as ' +
          '.xlsx or CSV.',
      ),
    );
  });

  it('refuses a sheet whose cells repeat one shared string past 10 MB of text', async () => {
    // 12,000 cells naming one string of 1,000 characters: 12 million characters from a file of 60 KB.
    const long = 'x'.repeat(1000);
    const workbook = await xlsxOf([['name'], ...Array.from({ length: 12_000 }, () => [long])]);
    await expect(readSpreadsheet(workbook, 20_000)).rejects.toMatchObject(
      refusal('The cells hold more than 10,485,760 characters in all: split the file into several files.'),
    );
  });

  it('refuses a text longer than any cell as it streams by, before exceljs builds it whole', async () => {
    const workbook = await withPart(
      await small(),
      'xl/worksheets/sheet1.xml',
      sheetOf([rowXml(1, { A: 'name' }), rowXml(2, { A: 'x'.repeat(400_000) })]),
    );
    await expect(readSpreadsheet(workbook, 10)).rejects.toMatchObject(
      refusal(
        'The workbook holds a text of more than 32,767 characters, more than a cell can hold: save the sheet ' +
          'again as .xlsx or CSV.',
      ),
    );
  });

  it('reads a sheet of blank rows as empty, however many of them a small file holds', async () => {
    const workbook = await withPart(
      await small(),
      'xl/worksheets/sheet1.xml',
      sheetOf(repeated('<row r="1"/>', 100_000)),
    );
    await expect(readSpreadsheet(workbook, 10)).rejects.toMatchObject(
      refusal('The submitted file is empty.'),
    );
  });

  it('lets other requests be answered while it reads a large workbook', async () => {
    const rows = Array.from({ length: 5000 }, (_, row) => [`Äthanol ${row}`, 'Merck', 'Daraz', '2.5 L']);
    const workbook = await xlsxOf([['name', 'manufacturer', 'supplier', 'quantity'], ...rows]);
    const reading = readSpreadsheet(workbook, 20_000);
    expect(await turnsOfTheEventLoopWhile(reading)).toBeGreaterThan(10);
    expect((await reading).rows).toEqual(rows);
  });
});
