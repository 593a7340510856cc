// A month's statement as the server writes it to CSV (docs/api.md §24), read the same way by the store's and the
// lab's page tests.

/** The header row of a statement in EUR. */
export const STATEMENT_HEADER_EUR = [
  'Lab',
  'Fund',
  'Date',
  'Kind',
  'Issue ID',
  'Request ID',
  'Item',
  'Quantity',
  'Unit',
  'Unit price',
  'Amount (EUR)',
];

/** The charge lines of a statement's rows, without the fund, lab and month totals. */
export const chargeRows = (rows: string[][]) =>
  rows.filter((row) => row[3] === 'Issue' || row[3] === 'Return');
