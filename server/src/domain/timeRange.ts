import { EARLIEST_DATE, startOfDayIn } from './calendarDate';

/**
 * The bounds of a time filter (`from`, `to`), as instants comparable with stored timestamps (ISO-8601 UTC text with
 * milliseconds, which sort as they compare). A bound is a date (a whole UTC day) or a date and time, with an optional
 * offset (none: UTC), the ISO-8601 forms Django REST framework's date-time fields read.
 */

// A `+` in a query string arrives as a space unless the client encoded it as %2B; either way it means `+`.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:([Zz])|([+\- ])(\d{2}):?(\d{2}))?$/;

export interface TimeBound {
  /** The first instant the bound names: the day's midnight (UTC), or the date and time given. */
  instant: Date;
  /** Whether only a date was given. */
  isDate: boolean;
}

/** An instant from calendar fields, or undefined when any is out of range (month 13, 30 February, 24:00). */
function utcInstant(fields: number[]): Date | undefined {
  const [year, month, day, hour = 0, minute = 0, second = 0] = fields;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const roundTrips =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return roundTrips ? date : undefined;
}

/**
 * `2026-11-21`, `2026-11-21T19:56`, `2026-11-21T19:56:46.310Z`, `2026-11-21T20:56:46+01:00`, … → its bound;
 * undefined for anything else. Fractions finer than a millisecond are rounded up (`roundUp`, for a lower bound)
 * or down, so the bound never takes in an instant outside the one given.
 */
export function parseTimeBound(text: string, roundUp = false): TimeBound | undefined {
  const date = DATE.exec(text);
  if (date) {
    const instant = utcInstant(date.slice(1, 4).map(Number));
    return instant && { instant, isDate: true };
  }
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [
    ,
    year,
    month,
    day,
    hour,
    minute,
    second = '0',
    fraction = '',
    zulu,
    sign,
    offsetHours,
    offsetMinutes,
  ] = match;
  const digits = fraction.padEnd(9, '0');
  const partial = Number(digits.slice(3)) > 0;
  const milliseconds = Number(digits.slice(0, 3)) + (roundUp && partial ? 1 : 0);
  const local = utcInstant([year, month, day, hour, minute, second].map(Number));
  if (!local) return undefined;
  let offsetMinutesEast = 0;
  if (!zulu && sign !== undefined) {
    if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return undefined;
    offsetMinutesEast = (Number(offsetHours) * 60 + Number(offsetMinutes)) * (sign === '-' ? -1 : 1);
  }
  return { instant: new Date(local.getTime() + milliseconds - offsetMinutesEast * 60_000), isDate: false };
}

/**
 * Stored timestamps are ISO text with a four-digit year, compared as text. An instant outside those years has no
 * such text (toISOString writes year 10000 as `+010000-…`, which sorts before `2026-…`), but no stored timestamp
 * lies there either: a bound beyond them filters nothing, or leaves nothing.
 */
const FIRST_STORABLE = Date.parse('0000-01-01T00:00:00.000Z');
const AFTER_LAST_STORABLE = Date.parse('+010000-01-01T00:00:00.000Z');

/** [x, x): the range that holds no instant. */
const EMPTY_RANGE = {
  start: new Date(FIRST_STORABLE).toISOString(),
  end: new Date(FIRST_STORABLE).toISOString(),
};

/**
 * The half-open range [start, end) of a `from`/`to` filter, as ISO text: `to` as a date takes in that whole day,
 * as a date and time it takes in that instant.
 */
export function timeRange(from?: string, to?: string): { start?: string; end?: string } {
  const start = from === undefined ? undefined : parseTimeBound(from, true)?.instant.getTime();
  const last = to === undefined ? undefined : parseTimeBound(to);
  const end = last && last.instant.getTime() + (last.isDate ? 86_400_000 : 1);
  if ((start !== undefined && start >= AFTER_LAST_STORABLE) || (end !== undefined && end <= FIRST_STORABLE)) {
    return EMPTY_RANGE;
  }
  return {
    start: start === undefined || start <= FIRST_STORABLE ? undefined : new Date(start).toISOString(),
    end: end === undefined || end >= AFTER_LAST_STORABLE ? undefined : new Date(end).toISOString(),
  };
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `text` names a month as `YYYY-MM` (from year 1900, as stock dates do). */
export function isMonth(text: string): boolean {
  return MONTH.test(text) && text >= EARLIEST_DATE.slice(0, 7);
}

/**
 * A calendar month in a time zone (the lab's, LAB_TIME_ZONE) as the half-open range [start, end) of ISO instants:
 * from the first instant of its first day to the first instant of the next month's, so every moment belongs to
 * exactly one month.
 */
export function monthRange(month: string, timeZone: string): { start: string; end: string } {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`not a month: ${month}`);
  const [year, monthNumber] = [Number(match[1]), Number(match[2])];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return {
    start: startOfDayIn(timeZone, `${month}-01`).toISOString(),
    end: startOfDayIn(timeZone, `${next}-01`).toISOString(),
  };
}
