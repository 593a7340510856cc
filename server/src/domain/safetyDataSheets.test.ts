import { isSafetyDataSheetCategory } from './safetyDataSheets';

describe('isSafetyDataSheetCategory', () => {
  it.each(['SDS', 'sds', 'MSDS', 'Msds', 'Safety Data Sheet', ' safety  data SHEET '])(
    '%j is one',
    (name) => {
      expect(isSafetyDataSheetCategory(name)).toBe(true);
    },
  );

  it.each(['Safety Data Sheets', 'SDS 2024', 'Manual', 'Certificate of Analysis', ''])(
    '%j is not',
    (name) => {
      expect(isSafetyDataSheetCategory(name)).toBe(false);
    },
  );
});
