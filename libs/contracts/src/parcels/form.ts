import { z } from 'zod';
import { MESSAGES } from '../messages';
import { clientAddressViewSchema, parcelSettingsViewSchema } from '../clients/schemas';
import { createParcelFormSchema } from './schemas';

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
export const newParcelDefaultsSchema = z.object({
  clientId: z.uuid(),
  /** disableNewOrders on the client or on the signed-in user: the form shows SPEC 2's notice and cannot save. */
  ordersBlocked: z.boolean(),
  /** Why the client cannot number parcels (no prefix), as the save would answer; null when it can. */
  numberingProblem: z.string().nullable(),
  /** The standard parcel (content, sizes, value and currency, weight). */
  parcelSettings: parcelSettingsViewSchema.nullable(),
  /** The standard pickup address. */
  pickupAddress: clientAddressViewSchema.nullable(),
  /** Fill a blank recipient phone and e-mail. */
  defaultPhoneShipping: z.string().nullable(),
  defaultEmailShipping: z.string().nullable(),
});
export type NewParcelDefaults = z.infer<typeof newParcelDefaultsSchema>;

/** The create form of staff: the parcel's checks, and the client it is for ("Client is required"). */
export const staffParcelFormSchema = createParcelFormSchema.superRefine(
  (d, ctx) => {
    if (!d.clientId) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.validation.clientRequired, path: ['clientId'] });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
