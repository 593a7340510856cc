import { Type, type Static } from '@fastify/type-provider-typebox';

// docs/api.md, "Lab calendar": the lab's date and time zone, as the route answers them and the SPA reads them.

export const LabCalendarSchema = Type.Object({
  today: Type.String({ description: 'The date it is in the lab (LAB_TIME_ZONE) at this moment, YYYY-MM-DD' }),
  time_zone: Type.String({ description: 'LAB_TIME_ZONE, an IANA time zone name' }),
});
export type LabCalendar = Static<typeof LabCalendarSchema>;
