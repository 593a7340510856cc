import type { FastifyInstance } from 'fastify';
import { dateIn } from '../../domain/calendarDate';
import { resource } from '../../http/resource';
import { LabCalendarSchema, type LabCalendar } from '../../contract/calendar';

/**
 * The lab's calendar (docs/api.md, "Lab calendar"): public, since the public Store marks expired records too. The app reads
 * the zone and keeps its own clock in it, so a page left open past midnight turns to the new day with the server.
 */
export default async function calendarRoutes(app: FastifyInstance) {
  resource(app, '/api/calendar/', (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags: ['calendar'],
          summary: "The lab's date and time zone, which decide what has expired",
          response: { 200: LabCalendarSchema },
        },
      },
      async (_request, reply): Promise<LabCalendar> => {
        // Today changes at midnight: a cached answer would be yesterday's.
        void reply.header('cache-control', 'no-store');
        const timeZone = app.config.labTimeZone;
        return { today: dateIn(timeZone, app.now()), time_zone: timeZone };
      },
    ),
  );
}
