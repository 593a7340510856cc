import { parseTimeBound, timeRange } from './timeRange';

describe('parseTimeBound', () => {
  it.each([
    ['2026-11-21', '2026-11-21T00:00:00.000Z', true],
    ['2026-11-21T19:56', '2026-11-21T19:56:00.000Z', false],
    ['2026-11-21T19:56:46', '2026-11-21T19:56:46.000Z', false],
    ['2026-11-21T19:56:46.31Z', '2026-11-21T19:56:46.310Z', false],
    ['2026-11-21t19:56:46.310z', '2026-11-21T19:56:46.310Z', false],
    ['2026-11-21 19:56:46', '2026-11-21T19:56:46.000Z', false],
    ['2026-11-21T20:56:46+01:00', '2026-11-21T19:56:46.000Z', false],
    ['2026-11-21T20:56:46 01:00', '2026-11-21T19:56:46.000Z', false],
    ['2026-11-21T18:26:46-0130', '2026-11-21T19:56:46.000Z', false],
    ['2026-11-21T00:30:00+01:00', '2026-11-20T23:30:00.000Z', false],
    ['0001-01-01', '0001-01-01T00:00:00.000Z', true],
  ])('reads %s as %s', (text, iso, isDate) => {
    expect(parseTimeBound(text)).toEqual({ instant: new Date(iso), isDate });
  });

  it.each([
    '',
    'yesterday',
    '2026-13-01',
    '2026-02-30',
    '2026-11-21T24:00',
    '2026-11-21T19:60',
    '2026-11-21T19:56:61',
    '2026-11-21T19:56:46+24:00',
    '26-11-21',
    '2026-11-21T19',
    '2026-11-21Z',
    '1764000000',
  ])('refuses %j', (text) => {
    expect(parseTimeBound(text)).toBeUndefined();
  });

  it('never takes in an instant outside a sub-millisecond bound', () => {
    expect(parseTimeBound('2026-11-21T19:56:46.3101Z')?.instant.toISOString()).toBe(
      '2026-11-21T19:56:46.310Z',
    );
    expect(parseTimeBound('2026-11-21T19:56:46.3101Z', true)?.instant.toISOString()).toBe(
      '2026-11-21T19:56:46.311Z',
    );
    expect(parseTimeBound('2026-11-21T19:56:59.9995Z', true)?.instant.toISOString()).toBe(
      '2026-11-21T19:57:00.000Z',
    );
    expect(parseTimeBound('2026-11-21T19:56:46.310000Z', true)?.instant.toISOString()).toBe(
      '2026-11-21T19:56:46.310Z',
    );
  });
});

describe('timeRange', () => {
  it('takes in the whole day of a date `to`, and the very instant of a date-and-time `to`', () => {
    expect(timeRange('2026-11-20', '2026-11-21')).toEqual({
      start: '2026-11-20T00:00:00.000Z',
      end: '2026-11-22T00:00:00.000Z',
    });
    expect(timeRange(undefined, '2026-11-21T19:56:46.310Z')).toEqual({
      start: undefined,
      end: '2026-11-21T19:56:46.311Z',
    });
    expect(timeRange()).toEqual({ start: undefined, end: undefined });
  });

  it('filters nothing with a bound past the last or before the first day a timestamp can have', () => {
    expect(timeRange('2026-11-20', '9999-12-31')).toEqual({
      start: '2026-11-20T00:00:00.000Z',
      end: undefined,
    });
    expect(timeRange(undefined, '9999-12-31T23:30-01:00')).toEqual({ start: undefined, end: undefined });
    expect(timeRange('0000-01-01T00:30+01:00', '2026-11-21')).toEqual({
      start: undefined,
      end: '2026-11-22T00:00:00.000Z',
    });
  });

  it('holds nothing when it starts after the last or ends before the first day a timestamp can have', () => {
    for (const [from, to] of [
      ['9999-12-31T23:30-01:00', undefined],
      ['9999-12-31T23:30-01:00', '9999-12-31'],
      [undefined, '0000-01-01T00:30+01:00'],
    ]) {
      const { start, end } = timeRange(from, to);
      expect(start).toBeDefined();
      expect(start).toBe(end);
    }
  });
});
