import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { resource } from '../../http/resource';
import { ErrorDetail } from '../../http/schemas';
import { checkDatabase } from '../../services/health';

const Healthy = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Literal('ok'),
});

/** For load balancers and monitors (docs/api.md): public, and it says nothing beyond up or down. */
export default async function healthRoutes(app: FastifyInstance) {
  resource(app, '/api/health/', (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags: ['health'],
          summary: 'Whether the server and its database answer',
          response: { 200: Healthy, 503: ErrorDetail },
        },
      },
      async (request, reply) => {
        // A proxy must never answer a health check from its cache.
        void reply.header('cache-control', 'no-store');
        try {
          await checkDatabase(app.db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: the database does not answer');
          throw new HttpError(503, 'The database is not available.');
        }
        return { status: 'ok' as const, database: 'ok' as const };
      },
    ),
  );
}
