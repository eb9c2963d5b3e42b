import { z } from 'zod';
import { route } from '../contract/route';
import { recentJobSchema, recentJobsQuerySchema } from './schemas';

const tags = ['jobs'];

/** The caller's own jobs (decision 0121); SPEC 7 names no call for them, so the path follows its style. */
export const jobRoutes = {
  recent: route
    .meta({ permission: ['jobs.read'] })
    .route({
      method: 'GET',
      path: '/job/recent',
      tags,
      summary:
        "The caller's label and export jobs of the last 24 hours, newest first: state, progress, the file's link when finished, the reason when failed",
    })
    .input(z.object({ query: recentJobsQuerySchema }))
    .output(z.array(recentJobSchema)),
};
