import {
  isStoredName,
  MAX_STORED_NAME_LENGTH,
  mediaPathOf,
  storedNameFor,
  withRandomSuffix,
} from './storedNames';

describe('storedNameFor (§12.2)', () => {
  it.each([
    ['msds_ethanol.pdf', 'msds_ethanol.pdf'],
    ['C:\\Users\\me\\My Report (final).pdf', 'My_Report__final_.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['dir/sub\\name.txt', 'name.txt'],
    ['...hidden.txt', 'hidden.txt'],
    ['.env', 'env'],
    ['résumé.txt', 'r_sum_.txt'],
    ['a\0b.txt', 'a_b.txt'],
    ['spectrum-01_final.v2.csv', 'spectrum-01_final.v2.csv'],
    ['', 'file'],
    ['...', 'file'],
    ['folder/', 'file'],
  ])('stores %j as %j', (clientName, stored) => {
    expect(storedNameFor(clientName)).toBe(stored);
  });

  it('cuts long names to 100 characters, keeping the extension', () => {
    const stored = storedNameFor(`${'a'.repeat(150)}.pdf`);
    expect(stored).toHaveLength(MAX_STORED_NAME_LENGTH);
    expect(stored).toBe(`${'a'.repeat(96)}.pdf`);
    expect(storedNameFor('b'.repeat(150))).toBe('b'.repeat(100));
  });

  it('does not take a long tail after the last dot for an extension', () => {
    const stored = storedNameFor(`notes.${'x'.repeat(120)}`);
    expect(stored).toBe(`notes.${'x'.repeat(94)}`);
  });
});

describe('withRandomSuffix', () => {
  it('inserts _ and 7 random letters or digits before the extension', () => {
    expect(withRandomSuffix('sample.txt')).toMatch(/^sample_[A-Za-z0-9]{7}\.txt$/);
    expect(withRandomSuffix('file')).toMatch(/^file_[A-Za-z0-9]{7}$/);
    const names = new Set(Array.from({ length: 50 }, () => withRandomSuffix('sample.txt')));
    expect(names.size).toBe(50);
  });

  it('stays within 100 characters', () => {
    const name = withRandomSuffix(`${'a'.repeat(96)}.pdf`);
    expect(name).toMatch(new RegExp(`^a{88}_[A-Za-z0-9]{7}\\.pdf$`));
  });
});

describe('isStoredName', () => {
  it.each(['sample.txt', 'file', 'a-b_c.tar.gz', 'x'.repeat(100)])('accepts %j', (name) => {
    expect(isStoredName(name)).toBe(true);
  });

  it.each(['', '.', '..', '.env', '../x', 'a/b', 'a\\b', 'a\0b', 'a b', '%2e%2e', 'x'.repeat(101)])(
    'refuses %j',
    (name) => {
      expect(isStoredName(name)).toBe(false);
    },
  );
});

it('serves stored names under /media/files/', () => {
  expect(mediaPathOf('sample.txt')).toBe('/media/files/sample.txt');
});
