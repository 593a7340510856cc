const longUs = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** SPEC §9: dates read in long US format, e.g. 'November 21, 2026', on the viewer's calendar. */
export function longUsDate(isoDateTime: string): string {
  return longUs.format(new Date(isoDateTime));
}
