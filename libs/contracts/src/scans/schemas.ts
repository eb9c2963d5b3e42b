import { z } from 'zod';
import { MESSAGES } from '../messages';
import { PARCEL_STATUSES, type ParcelStatus } from '../parcels/constants';

const v = MESSAGES.validation;

/** SPEC 9: the scan form's defaults. SPEC's IN_TRANSPORT is the parcel status `inTransport`. */
export const DEFAULT_SCAN_STATUS: ParcelStatus = 'inTransport';
export const DEFAULT_TERMINAL = 'Zielona Góra';
export const DEFAULT_SCAN_TIMEZONE = 'Europe/Warsaw';
/** SPEC 9: the scanning screen reloads this long after a scan reset. */
export const SCAN_RESET_RELOAD_MS = 2_000;
/** Most numbers in one setStatusForArrayOfExtNrs call (a manual queue is sent in batches of this). */
export const SCAN_BATCH_MAX = 500;

/**
 * Statuses a scan may set: not `new` (a parcel never goes back), not `toCancel` or `canceled` (only a cancellation
 * puts a parcel there, and it asks the carrier first).
 */
export const SCAN_STATUSES = PARCEL_STATUSES.filter(
  (s) => s !== 'new' && s !== 'toCancel' && s !== 'canceled',
) as readonly ParcelStatus[];

/** Whether a scan may set `status`. */
export const isScanStatus = (status: ParcelStatus): boolean => SCAN_STATUSES.includes(status);

/**
 * What came of one scan: the status changed; the parcel had been scanned into that status already (SPEC 8 "The
 * package was scanned earlier", info + "Zeskanowano"); the change was refused (a final status, a blocked
 * consolidation); or no parcel or consolidation has that number.
 */
export const SCAN_OUTCOMES = ['changed', 'alreadyScanned', 'refused', 'notFound'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];

/**
 * A status as the scan form names it: our code (`inTransport`) or SPEC's upper-case name (`IN_TRANSPORT`), which is
 * the same words in snake case.
 */
export function scanStatusOfName(name: unknown): unknown {
  if (typeof name !== 'string' || !/^[A-Z][A-Z_]*$/.test(name)) return name;
  return name.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

const scanStatusField = z.preprocess(
  scanStatusOfName,
  z.enum(SCAN_STATUSES as unknown as [ParcelStatus, ...ParcelStatus[]], {
    error: MESSAGES.scanStatusInvalid,
  }),
);

/** A number as a scanner reads it: trimmed, 1–100 characters. */
export const scannedNumberField = z
  .string({ error: MESSAGES.scanNumberRequired })
  .trim()
  .min(1, { error: MESSAGES.scanNumberRequired })
  .max(100, { error: MESSAGES.scanNumberRequired });

/** A scan's client-made id (a UUID or any 8–64 visible ASCII characters). */
export const scanIdField = z
  .string({ error: MESSAGES.scanIdInvalid })
  .regex(/^[\x21-\x7e]{8,64}$/, { error: MESSAGES.scanIdInvalid });

const optionalText = (max: number) =>
  z
    .string({ error: `At most ${max} characters` })
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .optional()
    .transform((s) => (s ? s : undefined));

/** An IANA time zone name this runtime knows. */
const timezoneField = z
  .string({ error: MESSAGES.scanTimezoneInvalid })
  .max(64, { error: MESSAGES.scanTimezoneInvalid })
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: MESSAGES.scanTimezoneInvalid },
  );

/**
 * POST /operatingModule/setStatusForArrayOfExtNrs (SPEC 3 "Scan form", SPEC 7): the status `name` for every scanned
 * number. `scanIds` (one per number, same order) make the call safe to send again: a scan id already recorded changes
 * nothing and answers its first outcome. Without them (SPEC's callers) each number is a new scan.
 */
export const scanFormSchema = z
  .object({
    name: scanStatusField.default(DEFAULT_SCAN_STATUS),
    externalNumber: z
      .array(scannedNumberField, { error: MESSAGES.scanNumberRequired })
      .min(1, { error: MESSAGES.scanNumberRequired })
      .max(SCAN_BATCH_MAX, { error: MESSAGES.scanBatchTooLarge }),
    scanIds: z.array(scanIdField).max(SCAN_BATCH_MAX).optional(),
    description: optionalText(255),
    /** When the scan was made (a queued offline scan is sent later); now when absent. */
    timestamp: z.iso.datetime({ offset: true, error: MESSAGES.scanTimestampInvalid }).optional(),
    terminal: z
      .string({ error: v.terminalRequired })
      .trim()
      .min(1, { error: v.terminalRequired })
      .max(100, { error: 'At most 100 characters' })
      .default(DEFAULT_TERMINAL),
    registrationNumber: optionalText(20),
    driver: optionalText(100),
    timezone: timezoneField.default(DEFAULT_SCAN_TIMEZONE),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.scanIds && body.scanIds.length !== body.externalNumber.length)
      ctx.addIssue({ code: 'custom', path: ['scanIds'], message: MESSAGES.scanIdsMismatch });
    if (body.scanIds && new Set(body.scanIds).size !== body.scanIds.length)
      ctx.addIssue({ code: 'custom', path: ['scanIds'], message: MESSAGES.scanIdsRepeated });
  });
export type ScanFormRequest = z.input<typeof scanFormSchema>;
export type ScanForm = z.output<typeof scanFormSchema>;

/** POST /operatingModule/isExternalNumberInDB: which parcel (or consolidation) a scanned number names. */
export const scanLookupSchema = z.object({ externalNumber: scannedNumberField }).strict();
/** POST /operatingModule/isExternalNumberInDB2: the same, and whether it was scanned since `timestamp`. */
export const scanLookupSinceSchema = z
  .object({
    externalNumber: scannedNumberField,
    timestamp: z.iso.datetime({ offset: true, error: MESSAGES.scanTimestampInvalid }),
  })
  .strict();

/** A parcel's sector as the scanning screen shows it ("Brak sektora" when null). */
export const scanSectorSchema = z.object({
  id: z.uuid(),
  sectorCountry: z.string(),
  sectorDescription: z.string(),
});
export type ScanSector = z.infer<typeof scanSectorSchema>;

/** SPEC 3 "Scanned package": the parcel a number names, with its sector. */
export const scannedParcelSchema = z.object({
  id: z.uuid(),
  internalNumber: z.string(),
  externalNumber: z.string().nullable(),
  referenceNumber: z.string().nullable(),
  status: z.enum(PARCEL_STATUSES),
  destinationCountry: z.string(),
  operatorName: z.string().nullable(),
  sector: scanSectorSchema.nullable(),
  /** When it was last scanned, at any terminal. */
  lastScanAt: z.iso.datetime().nullable(),
});
export type ScannedParcel = z.infer<typeof scannedParcelSchema>;

/** A consolidation a barcode names (scanning it applies the status to every parcel in it). */
export const scannedConsolidationSchema = z.object({
  id: z.uuid(),
  barcode: z.string(),
  type: z.string(),
  isBlocked: z.boolean(),
  parcelCount: z.number().int(),
});

/** The lookup's reply; 404 "Parcel not found." when nothing has that number. */
export const scanLookupReplySchema = z.object({
  parcel: scannedParcelSchema.nullable(),
  consolidation: scannedConsolidationSchema.nullable(),
  /** isExternalNumberInDB2 only: scanned at or after `timestamp`. */
  scannedSince: z.boolean().optional(),
});
export type ScanLookupReply = z.infer<typeof scanLookupReplySchema>;

/** One recorded scan: what the scanning screen, the wall screens and the daily report show. */
export const scanRecordSchema = z.object({
  /** Orders a terminal's scans (the wall screens ask for what came after the last one they saw). */
  seq: z.number().int(),
  scanId: z.string(),
  number: z.string(),
  outcome: z.enum(SCAN_OUTCOMES),
  /** The refusal or info (a server message) when the outcome is not `changed`. */
  message: z.string().nullable(),
  status: z.enum(PARCEL_STATUSES),
  previousStatus: z.enum(PARCEL_STATUSES).nullable(),
  parcelId: z.uuid().nullable(),
  internalNumber: z.string().nullable(),
  consolidationId: z.uuid().nullable(),
  sector: scanSectorSchema.nullable(),
  terminal: z.string(),
  /** Who scanned: the user's name (or e-mail). */
  scannedBy: z.string().nullable(),
  scannedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type ScanRecord = z.infer<typeof scanRecordSchema>;

/** setStatusForArrayOfExtNrs's reply: one result per number, in the request's order. */
export const scanResultSchema = scanRecordSchema.extend({
  /** This scan id had been recorded before: nothing changed now, this is the first outcome. */
  replayed: z.boolean(),
});
export type ScanResult = z.infer<typeof scanResultSchema>;
export const scanReplySchema = z.object({ results: z.array(scanResultSchema) });
export type ScanReply = z.infer<typeof scanReplySchema>;

/** POST /operatingModule/raportOfScanedPackages: the Warsaw day (yyyy-mm-dd) whose scans the xlsx lists. */
export const scanReportSchema = z
  .object({ date: z.iso.date({ error: MESSAGES.scanReportDateInvalid }) })
  .strict();

/** GET /operatingModule/scans: a terminal's recent scans, newest first, or those after `afterSeq` (oldest first). */
export const scanListQuerySchema = z
  .object({
    terminal: z.string().trim().min(1, { error: v.terminalRequired }).max(100),
    afterSeq: z.coerce.number().int().min(0).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
