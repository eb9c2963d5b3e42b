import { z } from 'zod';
import { route } from '../contract/route';
import { dashboardSummaryQuerySchema, dashboardSummarySchema } from './schemas';

/** The home page's dashboard (issue 13 item 10, decision 0123). Panel only: no API keys. */
export const dashboardRoutes = {
  summary: route
    .meta({ permission: ['parcels.read'] })
    .route({
      method: 'GET',
      path: '/dashboard/summary',
      tags: ['dashboard'],
      summary:
        "A Warsaw day's parcels by status, parcels that cannot be routed or have a problem, ordering blocked, and " +
        'the jobs under way; a client user sees its own client only',
    })
    .input(z.object({ query: dashboardSummaryQuerySchema }))
    .output(dashboardSummarySchema),
};
