// Calendar days ('YYYY-MM-DD') as the lab counts them: what has expired depends on the date in the lab's time zone
// (LAB_TIME_ZONE, docs/api.md §12), not the viewer's, so a terminal and the server agree on the day.

const MS_PER_DAY = 86_400_000;

/** The date it is at `instant` in `timeZone`: near midnight, a lab east of UTC is already a day ahead. */
export function dateIn(timeZone: string, instant: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** Days from `today` to `date`: 0 on the day itself, negative once it has passed. */
export function daysUntil(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / MS_PER_DAY);
}

/** docs/api.md §11: a record expiring today is still good today; it has expired from the next day on. */
export function hasExpired(today: string, expiryDate: string | null): boolean {
  return expiryDate !== null && expiryDate < today;
}
