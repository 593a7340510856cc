// Calendar days ('YYYY-MM-DD') as the lab counts them: what has expired depends on the date in the lab's time zone
// (LAB_TIME_ZONE, docs/api.md §12), not the viewer's, so a terminal and the server agree on the day.

// The day arithmetic is the server's own (domain/calendarDate), so the Store's badges and the dashboard count alike.
export { dateIn, daysBetween as daysUntil } from '../../server/src/domain/calendarDate';

/** docs/api.md §11: a record expiring today is still good today; it has expired from the next day on. */
export function hasExpired(today: string, expiryDate: string | null): boolean {
  return expiryDate !== null && expiryDate < today;
}
