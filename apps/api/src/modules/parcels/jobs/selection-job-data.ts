import { parcelListFiltersSchema, parcelListOrderSchema } from '@depot/contracts';
import { z } from 'zod';
import { jobPrincipalSchema } from '../../jobs/job-principal';

/**
 * The data of a job over a parcels list selection (deleteShipments, refresh statuses): who started it, and the
 * selection as the list sent it (picked ids, or select-all with exceptions under the list's filters), read again
 * under the caller's current rights when the job runs.
 */
export const parcelSelectionJobSchema = z.object({
  principal: jobPrincipalSchema,
  selection: z.object({
    selectedAll: z.boolean(),
    ids: z.array(z.uuid()),
    exceptId: z.array(z.uuid()),
    filters: parcelListFiltersSchema,
    orderBy: parcelListOrderSchema,
  }),
});
