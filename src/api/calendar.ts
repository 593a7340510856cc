import { useEffect, useState } from 'react';
import { dateIn } from '../components/labCalendar';
import { apiSlice } from './apiSlice';
import type { LabCalendar } from '../../server/src/contract/calendar';

/** docs/api.md, "Lab calendar": the lab's date and time zone (LAB_TIME_ZONE). Public. */
export type { LabCalendar } from '../../server/src/contract/calendar';

export const calendarApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    // The zone never changes while the server runs: one request per visit is enough.
    labCalendar: build.query<LabCalendar, void>({ query: () => '/api/calendar/', keepUnusedDataFor: 3600 }),
  }),
});

/** How often a page checks whether the lab's day has turned. */
const DAY_CHECK_MS = 60_000;

/**
 * Today in the lab, 'YYYY-MM-DD', or undefined until the server has said its time zone. The server gives the zone
 * and this device's clock gives the moment, read again every minute: a Store left open on a lab terminal turns to
 * the new day at the lab's midnight, as the server does, without asking the server again. This trusts the device's
 * clock to be right to the minute, as lab computers synchronised over the network are; the viewer's own time zone
 * plays no part.
 */
export function useLabToday(): string | undefined {
  const zone = calendarApi.useLabCalendarQuery().data?.time_zone;
  const [checked, setChecked] = useState<{ zone: string; today: string }>();

  useEffect(() => {
    if (zone === undefined) return undefined;
    // Setting the same day again renders nothing.
    const check = () =>
      setChecked((last) => {
        const today = dateIn(zone, new Date());
        return last?.zone === zone && last.today === today ? last : { zone, today };
      });
    check();
    const timer = setInterval(check, DAY_CHECK_MS);
    return () => clearInterval(timer);
  }, [zone]);

  if (zone === undefined) return undefined;
  return checked?.zone === zone ? checked.today : dateIn(zone, new Date());
}
