import { z } from 'zod';
import { MESSAGES } from './messages';
import { createParcelFormSchema } from './parcels';
import type { ClientAddress, ParcelSettings } from './clients';

/**
 * The panel's parcel form (decision 0075): what it pre-fills for a client, and its check for staff (who must name
 * the client the parcel is for).
 */

/** GET /order/create/defaults?clientId=…: staff name the client; a client user gets its own (another is 404). */
export const newParcelDefaultsQuerySchema = z
  .object({
    clientId: z.preprocess(
      (x) => (typeof x === 'string' && x.trim() === '' ? undefined : x),
      z.uuid({ error: MESSAGES.clientNotFound }).optional(),
    ),
  })
  .strict();
export type NewParcelDefaultsQuery = z.input<typeof newParcelDefaultsQuerySchema>;

/** What a new parcel of the client starts from, and whether it may be ordered at all. */
export interface NewParcelDefaults {
  clientId: string;
  /** disableNewOrders on the client or on the signed-in user: the form shows SPEC 2's notice and cannot save. */
  ordersBlocked: boolean;
  /** Why the client cannot number parcels (no prefix), as the save would answer; null when it can. */
  numberingProblem: string | null;
  /** The standard parcel (content, sizes, value and currency, weight). */
  parcelSettings: ParcelSettings | null;
  /** The standard pickup address. */
  pickupAddress: ClientAddress | null;
  /** Fill a blank recipient phone and e-mail. */
  defaultPhoneShipping: string | null;
  defaultEmailShipping: string | null;
}

/** The create form of staff: the parcel's checks, and the client it is for ("Client is required"). */
export const staffParcelFormSchema = createParcelFormSchema.superRefine(
  (d, ctx) => {
    if (!d.clientId) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.validation.clientRequired, path: ['clientId'] });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
