import { startOfDayIn } from './calendarDate';
import { isMonth, monthRange, parseTimeBound, timeRange } from './timeRange';

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

describe('monthRange', () => {
  it('runs from the first instant of the month to that of the next, in the time zone', () => {
    expect(monthRange('2026-11', 'UTC')).toEqual({
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
    });
    expect(monthRange('2026-12', 'Europe/Berlin')).toEqual({
      start: '2026-11-30T23:00:00.000Z',
      end: '2026-12-31T23:00:00.000Z',
    });
    // Summer time begins on 29 March: April starts at UTC+2.
    expect(monthRange('2026-03', 'Europe/Berlin')).toEqual({
      start: '2026-02-28T23:00:00.000Z',
      end: '2026-03-31T22:00:00.000Z',
    });
    expect(monthRange('2026-01', 'Asia/Kolkata').start).toBe('2025-12-31T18:30:00.000Z');
  });

  it('starts a day where the clocks skip its midnight at the moment they jump', () => {
    // Chile's summer time begins at 00:00 on 6 September 2026: that day's first instant is 01:00 (UTC−3).
    expect(startOfDayIn('America/Santiago', '2026-09-06').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(startOfDayIn('America/Sao_Paulo', '2018-11-04').toISOString()).toBe('2018-11-04T03:00:00.000Z');
    expect(monthRange('2026-09', 'America/Santiago')).toEqual({
      start: '2026-09-01T04:00:00.000Z',
      end: '2026-10-01T03:00:00.000Z',
    });
  });

  it('knows a month as YYYY-MM from 1900 on', () => {
    expect(['2026-11', '1900-01', '9999-12'].every(isMonth)).toBe(true);
    expect(['2026-13', '2026-00', '2026-1', '1899-12', '2026-11-01', ''].some(isMonth)).toBe(false);
  });
});
