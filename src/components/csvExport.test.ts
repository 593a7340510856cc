import { csvFile, exportFileName, type CsvColumn } from './csvExport';

interface Row {
  name: string;
  amount: number | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Amount (ml)', cell: (row) => row.amount },
];

describe('csvFile', () => {
  it('writes the columns in order under a byte order mark, CRLF lines, empty cells for missing values', async () => {
    const file = csvFile(columns, [
      { name: 'Ethanol, absolute', amount: 2500.125 },
      { name: 'Acetone', amount: null },
    ]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
    expect(text).toBe('\uFEFFName,Amount (ml)\r\n"Ethanol, absolute",2500.125\r\nAcetone,\r\n');
  });

  it('escapes text a spreadsheet would run as a formula, but not negative numbers', async () => {
    const file = csvFile(columns, [
      { name: '=HYPERLINK("http://evil")', amount: -12.5 },
      { name: '@SUM(A1)', amount: 1 },
    ]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
    expect(text.split('\r\n').slice(1, 3)).toEqual([`"'=HYPERLINK(""http://evil"")",-12.5`, `'@SUM(A1),1`]);
  });
});

describe('exportFileName', () => {
  it('names the file after the subject and the viewer’s calendar day', () => {
    expect(exportFileName('users', 'csv', new Date(2026, 10, 5, 23, 59))).toBe(
      'labstore-users-2026-11-05.csv',
    );
  });
});
