import { route } from '../contract/route';
import { healthReplySchema } from './schemas';

/** Liveness and readiness, for load balancers, orchestrators and staff. */
export const healthRoutes = {
  get: route
    .meta({
      public: true,
      errors: [[503, 'A part is down: the report (for staff and localhost) says which']],
    })
    .route({
      method: 'GET',
      path: '/health',
      tags: ['health'],
      summary:
        'Liveness and readiness: database, the sign-in path, event bus, jobs, realtime. 503 when degraded. ' +
        'Anonymous callers get only the status; staff (Bearer token) and localhost get the details.',
    })
    .output(healthReplySchema),
};
