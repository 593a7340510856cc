/**
 * The `from` / `to` query values of list filters: a day (`2026-11-21`, a whole UTC day) or an instant
 * (`2026-11-21T08:30:00Z`, `2026-11-21T10:30+02:00`). Each names a span of time; a range runs from the start of
 * its `from` to the end of its `to`, so `to=2026-11-21` includes that whole day. Bounds are ISO-8601 UTC text with
 * milliseconds, comparable as text with the stored timestamps.
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

export interface TimeSpan {
  start: string;
  end: string;
}

/** Milliseconds since the epoch of a calendar day, or undefined when it does not exist (Feb 30). */
function utcDay(year: string, month: string, day: string): number | undefined {
  // setUTCFullYear, unlike Date.UTC, takes years 0–99 as they are (not as 1900–1999).
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  const exists = date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return exists ? date.getTime() : undefined;
}

/** The span a `from` / `to` value names, or undefined when it is neither a real day nor a real instant. */
export function parseTimeSpan(text: string): TimeSpan | undefined {
  const date = DATE.exec(text);
  if (date) {
    const day = utcDay(date[1], date[2], date[3]);
    if (day === undefined) return undefined;
    return { start: new Date(day).toISOString(), end: new Date(day + 86_400_000 - 1).toISOString() };
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) return undefined;
  const [
    ,
    year,
    month,
    dayOfMonth,
    hours,
    minutes,
    seconds = '0',
    fraction = '',
    zone,
    sign,
    zoneHours,
    zoneMinutes,
  ] = dateTime;
  const day = utcDay(year, month, dayOfMonth);
  if (day === undefined || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59)
    return undefined;
  if (zone !== 'Z' && (Number(zoneHours) > 23 || Number(zoneMinutes) > 59)) return undefined;
  const offsetMinutes =
    zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes));
  const time =
    day +
    ((Number(hours) * 60 + Number(minutes) - offsetMinutes) * 60 + Number(seconds)) * 1000 +
    Number(fraction.padEnd(3, '0').slice(0, 3));
  const instant = new Date(time).toISOString();
  return { start: instant, end: instant };
}
