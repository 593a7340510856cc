import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { resource } from '../../http/resource';
import { ErrorDetail } from '../../http/schemas';
import { checkDatabase } from '../../services/health';
import { HealthySchema, type Healthy } from '../../contract/health';

/** For load balancers and monitors (docs/api.md): public, and it says nothing beyond up or down. */
export default async function healthRoutes(app: FastifyInstance) {
  resource(app, '/api/health/', (routes) =>
    routes.get(
      {
        access: 'public',
        schema: {
          tags: ['health'],
          summary: 'Whether the server and its database answer',
          response: { 200: HealthySchema, 503: ErrorDetail },
        },
      },
      async (request, reply): Promise<Healthy> => {
        // A proxy must never answer a health check from its cache.
        void reply.header('cache-control', 'no-store');
        try {
          await checkDatabase(app.db);
        } catch (error) {
          request.log.error({ err: error }, 'health check: the database does not answer');
          throw new HttpError(503, 'The database is not available.');
        }
        return { status: 'ok', database: 'ok' };
      },
    ),
  );
}
