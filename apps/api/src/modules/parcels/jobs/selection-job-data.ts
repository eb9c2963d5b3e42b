import { parcelListFiltersSchema, parcelListOrderSchema } from '@depot/contracts';
import { z } from 'zod';
import type { JobContext } from '../../jobs/job-definition';
import { jobPrincipalSchema } from '../../jobs/job-principal';
import type { ParcelListRepository } from '../list/parcel-list.repository';

/**
 * The data of a job over a parcels list selection (deleteShipments, refresh statuses, send to carrier): who started it, and the
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

/**
 * Runs a job over a selection (refresh statuses, send to carrier): the selection read again under `principal`'s
 * rights, part by part as the list repository yields it, each part done by `part` (which reports how many of it are
 * done), progress 0–100 to the job, and the parts' counts summed.
 */
export async function runOverSelection<R extends Record<string, number>>(
  lists: ParcelListRepository,
  scopeClientId: string | null,
  selection: z.output<typeof parcelSelectionJobSchema>['selection'],
  ctx: JobContext,
  sum: R,
  part: (ids: string[], done: (n: number) => Promise<void>) => Promise<R>,
): Promise<R> {
  const total = Math.max(1, await lists.countSelection(scopeClientId, selection));
  let before = 0;
  await ctx.progress(0);
  for await (const ids of lists.selectionIds(scopeClientId, selection)) {
    const got = await part(ids, (n) => ctx.progress(Math.min(99, Math.floor(((before + n) / total) * 100))));
    before += ids.length;
    for (const k of Object.keys(sum) as (keyof R)[]) (sum[k] as number) += got[k];
  }
  await ctx.progress(100);
  return sum;
}
