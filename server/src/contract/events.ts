import { Type } from '@fastify/type-provider-typebox';
import { text } from '../validation/fields';

// docs/api.md §27: the change feed's query; its answer is a stream of server-sent events, not JSON.

export const EventsQuery = Type.Object({
  access_token: Type.Optional(
    text({
      maxLength: 4096,
      description:
        'An access token, for clients that cannot send headers (a browser EventSource); never written to the logs',
    }),
  ),
  last_event_id: Type.Optional(
    text({
      maxLength: 20,
      description:
        'Resume after this seq when no Last-Event-ID header is sent (a new EventSource of a reloaded page)',
    }),
  ),
});
