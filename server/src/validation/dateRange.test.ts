import { parseTimeSpan } from './dateRange';

describe('parseTimeSpan', () => {
  it('reads a day as the whole UTC day', () => {
    expect(parseTimeSpan('2026-11-21')).toEqual({
      start: '2026-11-21T00:00:00.000Z',
      end: '2026-11-21T23:59:59.999Z',
    });
    expect(parseTimeSpan('2024-02-29')?.start).toBe('2024-02-29T00:00:00.000Z');
    expect(parseTimeSpan('0099-01-01')?.start).toBe('0099-01-01T00:00:00.000Z');
  });

  it('reads an instant with its offset, to the millisecond', () => {
    const instant = (text: string) => parseTimeSpan(text)?.start;
    expect(instant('2026-11-21T08:30Z')).toBe('2026-11-21T08:30:00.000Z');
    expect(instant('2026-11-21T10:30:05+02:00')).toBe('2026-11-21T08:30:05.000Z');
    expect(instant('2026-11-21T23:30:00.123456-01:30')).toBe('2026-11-22T01:00:00.123Z');
    expect(parseTimeSpan('2026-11-21T08:30:00.5Z')).toEqual({
      start: '2026-11-21T08:30:00.500Z',
      end: '2026-11-21T08:30:00.500Z',
    });
  });

  it.each([
    'yesterday',
    '',
    '2026-02-29',
    '2026-02-30',
    '2026-13-01',
    '2026-1-1',
    '2026-11-21T08:30',
    '2026-11-21T24:00Z',
    '2026-11-21T08:60Z',
    '2026-11-21T08:30:60Z',
    '2026-11-21T08:30+24:00',
    '2026-11-21 08:30Z',
    '2026-11-21T08:30:00.Z',
  ])('refuses %j', (text) => {
    expect(parseTimeSpan(text)).toBeUndefined();
  });
});
