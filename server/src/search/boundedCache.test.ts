import { BoundedCache } from './boundedCache';

const cache = (maxEntries: number, maxBytes: number) =>
  new BoundedCache<string, string>({ maxEntries, maxBytes, bytesOf: (value) => value.length });

describe('BoundedCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const kept = cache(2, 100);
    kept.set('a', '1');
    kept.set('b', '2');
    expect(kept.get('a')).toBe('1');
    kept.set('c', '3');
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe('1');
    expect(kept.get('c')).toBe('3');
    expect(kept.size).toEqual({ entries: 2, bytes: 2 });
  });

  it('keeps at most maxBytes, and never a value larger than that alone', () => {
    const kept = cache(100, 10);
    kept.set('a', 'xxxx');
    kept.set('b', 'yyyy');
    kept.set('c', 'zzzz');
    expect(kept.get('a')).toBeUndefined();
    expect(kept.size).toEqual({ entries: 2, bytes: 8 });
    kept.set('huge', 'x'.repeat(11));
    expect(kept.get('huge')).toBeUndefined();
    expect(kept.size).toEqual({ entries: 2, bytes: 8 });
  });

  it('counts a replaced value once, and forgets everything when cleared', () => {
    const kept = cache(10, 10);
    kept.set('a', 'xxxx');
    kept.set('a', 'yy');
    expect(kept.size).toEqual({ entries: 1, bytes: 2 });
    kept.clear();
    expect(kept.get('a')).toBeUndefined();
    expect(kept.size).toEqual({ entries: 0, bytes: 0 });
  });
});
