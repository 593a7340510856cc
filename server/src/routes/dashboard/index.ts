import type { FastifyInstance } from 'fastify';
import {
  DashboardQuery,
  DashboardSchema,
  EXPIRY_WINDOWS,
  ReorderSchema,
  type ExpiryWindow,
} from '../../contract/dashboard';
import { resource } from '../../http/resource';
import { currentUser } from '../../plugins/auth';
import * as dashboard from '../../services/dashboard';

const tags = ['dashboard'];

/** What needs attention, in one answer (docs/api.md §12). */
export default async function dashboardRoutes(app: FastifyInstance) {
  resource(app, '/api/management/dashboard/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary:
            'Every card of the dashboard: low stock, expiry, dead stock, the newest shipments and issues, own lines',
          querystring: DashboardQuery,
          response: { 200: DashboardSchema },
        },
      },
      async (request) =>
        dashboard.dashboard(
          { db: app.db, now: app.now, timeZone: app.config.labTimeZone },
          currentUser(request).id,
          Number(request.query.within ?? EXPIRY_WINDOWS[0]) as ExpiryWindow,
        ),
    ),
  );
  resource(app, '/api/management/dashboard/reorder/', (routes) =>
    routes.get(
      {
        access: 'storeRead',
        schema: {
          tags,
          summary:
            'The reorder list: every record below its minimum, with the last supplier, shipped quantity and date',
          response: { 200: ReorderSchema },
        },
      },
      async () => dashboard.reorderList({ db: app.db, now: app.now, timeZone: app.config.labTimeZone }),
    ),
  );
}
