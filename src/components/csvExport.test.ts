import type { Column } from './columns';
import { csvColumns, csvFile, exportFileName, type CsvColumn } from './csvExport';

interface Row {
  name: string;
  amount: number | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'Amount (ml)', cell: (row) => row.amount },
];

describe('csvFile', () => {
  it('writes the columns in order under a byte order mark, CRLF lines, text quoted, empty cells for missing values', async () => {
    const file = csvFile(columns, [
      { name: 'Ethanol, absolute', amount: 2500.125 },
      { name: 'Acetone', amount: null },
    ]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
    expect(text).toBe('\uFEFF"Name","Amount (ml)"\r\n"Ethanol, absolute",2500.125\r\n"Acetone",\r\n');
  });

  it('escapes text a spreadsheet would run as a formula, also behind a separator, but not negative numbers', async () => {
    const file = csvFile(columns, [
      { name: '=HYPERLINK("http://evil")', amount: -12.5 },
      { name: '@SUM(A1)', amount: 1 },
      { name: 'Acme;=1+2', amount: 2 },
      { name: 'Acme,-2+3', amount: 3 },
    ]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
    expect(text.split('\r\n').slice(1, 5)).toEqual([
      `"'=HYPERLINK(""http://evil"")",-12.5`,
      `"'@SUM(A1)",1`,
      `"'Acme;=1+2",2`,
      `"'Acme,-2+3",3`,
    ]);
  });
});

describe('csvColumns', () => {
  it("writes a table's columns with a value, in its order, units in the headers, full precision", async () => {
    const table: Column<Row>[] = [
      { header: '#', value: (_row, position) => position + 1 },
      { header: 'Name', value: (row) => row.name },
      {
        header: 'Amount',
        unit: 'ml',
        cell: (row) => `${row.amount?.toFixed(1)} ml`,
        value: (row) => row.amount,
      },
      { header: 'Action', cell: () => 'Edit' },
    ];
    const file = csvFile(csvColumns(table), [
      { name: 'Ethanol', amount: 2500.125 },
      { name: 'Acetone', amount: 0.001 },
    ]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file.arrayBuffer());
    expect(text).toBe('\uFEFF"#","Name","Amount (ml)"\r\n1,"Ethanol",2500.125\r\n2,"Acetone",0.001\r\n');
  });
});

describe('exportFileName', () => {
  it('names the file after the subject and the viewer’s calendar day', () => {
    expect(exportFileName('users', 'csv', new Date(2026, 10, 5, 23, 59))).toBe(
      'labstore-users-2026-11-05.csv',
    );
  });

  it('writes the subject in lower case with dashes between its words', () => {
    expect(exportFileName(' Physical Lab 1 / Süd issues', 'csv', new Date(2026, 0, 2))).toBe(
      'labstore-physical-lab-1-süd-issues-2026-01-02.csv',
    );
  });
});
