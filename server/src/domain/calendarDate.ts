/**
 * Calendar dates (`YYYY-MM-DD`): expiry dates, 'opened on' dates and "today" in the lab's time zone. Stored as this
 * text, which sorts and compares as the calendar does on both engines, so no time of day or offset ever enters.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The earliest date a stock record may carry: earlier ones are typing mistakes, not chemicals. */
export const EARLIEST_DATE = '1900-01-01';

const MS_PER_DAY = 86_400_000;

/** The UTC midnight of a date, as milliseconds; undefined unless `text` names a real day (no 30 February). */
function utcMidnight(text: string): number | undefined {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day);
  // Years from 1900 on, so Date.UTC never reads them as 1900 + year.
  return new Date(ms).getUTCMonth() === month - 1 && new Date(ms).getUTCDate() === day ? ms : undefined;
}

/** Whether `text` is a real `YYYY-MM-DD` date, not before EARLIEST_DATE. */
export function isStockDate(text: string): boolean {
  return utcMidnight(text) !== undefined && text >= EARLIEST_DATE;
}

/** The date `days` later (earlier when negative). */
export function addDays(date: string, days: number): string {
  const ms = utcMidnight(date);
  if (ms === undefined) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(ms + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** How many days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const start = utcMidnight(from);
  const end = utcMidnight(to);
  if (start === undefined || end === undefined) throw new RangeError(`not calendar dates: ${from}, ${to}`);
  return Math.round((end - start) / MS_PER_DAY);
}

/** Whether the runtime knows `name` as an IANA time zone (`Europe/Berlin`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Making a formatter costs about a tenth of a millisecond, using one a microsecond: an export dates every row.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The date it is at `instant` in `timeZone`: near midnight, a lab east of UTC is already a day ahead. */
export function dateIn(timeZone: string, instant: Date): string {
  let format = dateFormats.get(timeZone);
  if (format === undefined) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds (negative west of Greenwich). */
function offsetAt(timeZone: string, instant: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')!.value;
  // "GMT" for UTC itself, else "GMT+05:30" / "GMT-03:00".
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -minutes : minutes) * 60_000;
}

/**
 * The first instant of `date` in `timeZone`: its local midnight, or, where the clocks skip midnight (a change to
 * summer time at 00:00), the moment they jump to the day.
 */
export function startOfDayIn(timeZone: string, date: string): Date {
  const midnight = utcMidnight(date);
  if (midnight === undefined) throw new RangeError(`not a calendar date: ${date}`);
  // Local midnight read with the offset of UTC midnight, then with the offset there: the two differ only near a
  // change of the clocks, and one of them is where the local day begins.
  const first = midnight - offsetAt(timeZone, midnight);
  const second = midnight - offsetAt(timeZone, first);
  const begins = (instant: number) =>
    dateIn(timeZone, new Date(instant)) === date && dateIn(timeZone, new Date(instant - 1)) !== date;
  return new Date([second, first].find(begins) ?? first);
}
