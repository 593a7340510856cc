import { parseRecordUrl, recordPath, recordUrl } from './recordUrls';

describe('record URLs', () => {
  it('gives each kind its public path and absolute URL', () => {
    expect(recordPath({ kind: 'chemical', id: 12 })).toBe('/chemicals/12');
    expect(recordPath({ kind: 'instrument', id: 3 })).toBe('/instruments/3');
    expect(recordPath({ kind: 'glassware', id: 5 })).toBe('/glassware/5');
    expect(recordUrl({ kind: 'chemical', id: 12 }, 'https://store.lab.org')).toBe(
      'https://store.lab.org/chemicals/12',
    );
  });

  it.each([
    ['http://localhost:8000/chemicals/12', { kind: 'chemical', id: 12 }],
    ['https://store.lab.org/instruments/3/', { kind: 'instrument', id: 3 }],
    ['HTTPS://STORE.LAB.ORG/GLASSWARE/5', { kind: 'glassware', id: 5 }],
    ['  /chemicals/7 ', { kind: 'chemical', id: 7 }],
  ])('reads %j', (text, ref) => {
    expect(parseRecordUrl(text)).toEqual(ref);
  });

  it.each([
    'ethanol',
    'http://localhost/chemicals/',
    'http://localhost/chemicals/0',
    'http://localhost/chemicals/12/files',
    'http://localhost/reagents/12',
    'http://localhost/chemicals/12?x=1',
    'ftp://localhost/chemicals/12',
  ])('ignores %j', (text) => {
    expect(parseRecordUrl(text)).toBeNull();
  });
});
