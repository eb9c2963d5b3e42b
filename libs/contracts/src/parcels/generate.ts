import { z } from 'zod';
import { MESSAGES } from '../messages';
import type { ParcelView } from './replies';
import type { CreateParcelRequest } from './schemas';

/** The most copies one generation makes (issue item 8; decision 0096). */
export const PARCEL_GENERATE_MAX = 500;

/** The Agenda job that makes the copies (kept apart from PARCEL_JOBS so its file stays small). */
export const PARCEL_GENERATE_JOB = 'parcels.generate';

/** POST /order/generate: `count` copies of the parcel `templateId`, each created like a new parcel. */
export const parcelGenerateSchema = z
  .object({
    templateId: z.uuid({ error: MESSAGES.parcelNotFound }),
    count: z
      .number({ error: MESSAGES.parcelGenerateCount })
      .int({ error: MESSAGES.parcelGenerateCount })
      .min(1, { error: MESSAGES.parcelGenerateCount })
      .max(PARCEL_GENERATE_MAX, { error: MESSAGES.parcelGenerateCount }),
  })
  .strict()
  .meta({ examples: [{ templateId: '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f', count: 20 }] });
export type ParcelGenerateRequest = z.input<typeof parcelGenerateSchema>;
export type ParcelGenerateBody = z.output<typeof parcelGenerateSchema>;

/** The reply: the job making the copies (progress and result over the socket). */
export const parcelGenerateReplySchema = z.object({ jobId: z.string(), count: z.number().int() });
export type ParcelGenerateReply = z.infer<typeof parcelGenerateReplySchema>;

/** The job's result: how many copies were made, how many were refused and why (distinct messages). */
export interface ParcelGenerateResult {
  created: number;
  failed: number;
  errors: string[];
}

/**
 * What a copy of a parcel takes over (decision 0077), as a create request: "parcel" the shipment — client, order
 * type, both addresses, the goods and the drop-off point; "order" also the reference number, notes, COD and
 * insurance. Never numbers, status, carrier or history. A return's copy is an ordinary parcel (type from the
 * countries). Generation (decision 0096) makes "parcel" copies.
 */
export function copyOfParcel(p: ParcelView, kind: 'parcel' | 'order'): CreateParcelRequest {
  const parcel: CreateParcelRequest = {
    clientId: p.clientId,
    ...(p.orderType === 'internalReturn' ? {} : { orderType: p.orderType }),
    weightKg: p.weightKg,
    sizeCmL: p.sizeCmL,
    sizeCmW: p.sizeCmW,
    sizeCmD: p.sizeCmD,
    packageCount: p.packageCount,
    value: p.value,
    valueCurrency: p.valueCurrency,
    content: p.content,
    dropOffPoint: p.dropOffPoint,
    pickupAddress: p.pickupAddress,
    destinationAddress: p.destinationAddress,
  };
  if (kind === 'parcel') return parcel;
  return {
    ...parcel,
    referenceNumber: p.referenceNumber,
    note1: p.note1,
    note2: p.note2,
    cod: p.cod,
    insurance: p.insurance,
  };
}
