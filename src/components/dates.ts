const longUs = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** SPEC §9: dates read in long US format, e.g. 'November 21, 2026', on the viewer's calendar. */
export function longUsDate(isoDateTime: string): string {
  return longUs.format(new Date(isoDateTime));
}

/** The viewer's UTC offset at a local date and time, as ISO 8601 writes it ('+01:00', '-05:30'). */
function localOffset(localDateTime: string): string {
  const minutesEast = -new Date(localDateTime).getTimezoneOffset();
  const sign = minutesEast < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutesEast) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(minutesEast) % 60).padStart(2, '0');
  return `${sign}${hours}:${minutes}`;
}

/**
 * The first and last instant of a day ('2026-11-21') on the viewer's calendar, with its UTC offset: the server reads a
 * bare date as a UTC day, but people mean their own (docs/api.md §7.1).
 */
export function localDayBounds(day: string): { start: string; end: string } {
  const start = `${day}T00:00:00.000`;
  const end = `${day}T23:59:59.999`;
  return { start: `${start}${localOffset(start)}`, end: `${end}${localOffset(end)}` };
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** A moment as the viewer's date and time, e.g. 'Nov 21, 2026, 7:56:46 PM'. */
export function localDateTime(isoDateTime: string): string {
  return dateTime.format(new Date(isoDateTime));
}

const longUsCalendar = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A calendar date ('2026-03-10', an expiry date or the lab's today) in long US format, 'March 10, 2026': the same
 * day on every viewer's calendar, as it has no time of day to move across midnight.
 */
export function longUsCalendarDate(date: string): string {
  return longUsCalendar.format(new Date(`${date}T00:00:00Z`));
}
