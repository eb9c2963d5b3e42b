import { z } from 'zod';
import { catalogueText } from '../catalogue';
import type { Language } from '../constants';
import { MESSAGES } from '../messages';
import type { OrderType, ParcelStatus } from '../parcels/constants';

// Labels (SPEC 3 parcel, SPEC 7 generateLabelsForSinglePackage, SPEC 8 label notices; decisions 0055–0059).

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

/** A first-mile label takes the parcel to our depot; a last-mile label is the carrier's (decision 0055). */
export const LABEL_KINDS = ['firstMile', 'lastMile'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** An address as printed on a label. */
export interface LabelAddress {
  name: string;
  street: string;
  building: string;
  city: string;
  zipCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
  email: string | null;
}

/**
 * The client settings the label rules read (SPEC 3 client flags). `combineLabels` puts the carrier's own label (kept
 * at registration) into our label file in place of the last-mile label we draw (decision 0149).
 */
export interface LabelClientFlags {
  firstMile: boolean;
  genOnlyFirstMile: boolean;
  dontPrintLastMile: boolean;
  combineLabels: boolean;
}

/**
 * Everything a label shows of a parcel, independent of how parcels are stored. Money and weight are decimal
 * strings (exact, as stored).
 */
export interface LabelParcel {
  id: string;
  clientId: string;
  /** The client's short name (or company name): names the combined file of a client. */
  clientName: string;
  internalNumber: string;
  referenceNumber: string | null;
  externalNumber: string | null;
  firstMileNumber: string | null;
  lastMileNumber: string | null;
  /** The parcel's own barcode value, when it has one. */
  barcode: string | null;
  orderType: OrderType;
  status: ParcelStatus;
  /** False when the parcel's data was found wrong: no package is made for it. */
  isCorrect: boolean;
  packageCount: number;
  weightKg: string;
  sizeCmL: number | null;
  sizeCmW: number | null;
  sizeCmD: number | null;
  content: string | null;
  note1: string | null;
  pickupAddress: LabelAddress;
  destinationAddress: LabelAddress;
  codAmount: string | null;
  codCurrency: string | null;
  /** The carrier routing chose; null when routing found none. */
  carrierName: string | null;
  carrierType: string | null;
  additionalShipperNameOnTheLabel: string | null;
  flags: LabelClientFlags;
  /** The format of the label the carrier gave at registration (decision 0147), null when there is none. */
  carrierLabelFormat: LabelFormat | null;
  createdAt: Date;
}

/** One printed label: one package of a parcel, for one leg. */
export interface LabelPage {
  kind: LabelKind;
  parcel: LabelParcel;
  /** 1-based package number, and the parcel's package count ("2/3"). */
  packageNo: number;
  packageCount: number;
  /** The Code128 value printed for this package. */
  barcode: string;
  /**
   * The carrier's own label stands here (decision 0149): its pages replace the last-mile labels of every package,
   * so a parcel has one such page, with `packageNo` 1 of `packageCount`.
   */
  carrierLabel?: true;
}

/**
 * SPEC 8 label notices, as codes the panel translates: "PDF has {n} label(s)", the selected parcels that were not
 * found, "The PDF will be blank", "No package has been created, so no label has been generated" (per parcel, by its
 * number), and "No package found", which the panel does not show. A parcel is named by its number, never by an
 * internal id (decision 0121); a parcel that was not found (or is not the caller's) has no number to show, so those
 * are counted.
 */
export type LabelNotice =
  | { code: 'labelCount'; count: number }
  | { code: 'notFound'; count: number }
  | { code: 'blank' }
  | { code: 'noPackageCreated'; number: string }
  | { code: 'noPackageFound' };
export type LabelNoticeCode = LabelNotice['code'];

/** Selections of at most this many parcels answer with the file; larger ones run the bulk label job. */
export const LABELS_DIRECT_MAX_PARCELS = 100;
/** At most this many parcel ids in one label request. */
export const LABELS_MAX_IDS = 5000;
/** The Agenda job that renders labels for many parcels. */
export const LABELS_JOB_NAME = 'labels.bulk';
/** The reply header that carries the notices (JSON array of LabelNotice) of a direct label reply. */
export const LABEL_NOTICES_HEADER = 'X-Label-Notices';
export const PDF_MIME = 'application/pdf';
/** The name of a direct PDF label reply. */
export const LABELS_PDF_NAME = 'labels.pdf';
export const ZPL_MIME = 'application/zpl';
/** The name of a ZPL label reply. */
export const LABELS_ZPL_NAME = 'labels.zpl';

const labelFormatField = z.enum(LABEL_FORMATS, { error: MESSAGES.labelFormatInvalid }).default('pdf');

/** `POST /api/order/generateLabelsForSinglePackage` (SPEC 7): the parcel, or its return parcel's label. */
export const singleLabelRequestSchema = z
  .object({
    id: z.uuid({ error: MESSAGES.labelParcelIdInvalid }),
    isReturn: z.boolean({ error: MESSAGES.labelIsReturnInvalid }).default(false),
    format: labelFormatField,
  })
  .meta({ examples: [{ id: '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f', isReturn: false, format: 'pdf' }] });
export type SingleLabelRequest = z.input<typeof singleLabelRequestSchema>;

/** `POST /api/order/labels`: labels of the picked parcels, in the order given. */
export const bulkLabelsRequestSchema = z.object({
  ids: z
    .array(z.uuid({ error: MESSAGES.labelParcelIdInvalid }), { error: MESSAGES.labelNothingSelected })
    .min(1, { error: MESSAGES.labelNothingSelected })
    .max(LABELS_MAX_IDS, { error: MESSAGES.labelTooMany }),
  format: labelFormatField,
});
export type BulkLabelsRequest = z.input<typeof bulkLabelsRequestSchema>;

/** 202 reply of a bulk label request that runs as a job; the file comes with `job:finished`. */
export const labelsStartedReplySchema = z.object({ jobId: z.string() });
export type LabelsStartedReply = z.infer<typeof labelsStartedReplySchema>;

/** `result` of the bulk label job's `job:finished`. */
export interface LabelsJobResult {
  fileId: string;
  fileName: string;
  /** `GET` it (with the session) to download the file: only its owner may, until it expires. */
  url: string;
  labels: number;
  notices: LabelNotice[];
  expiresAt: string;
}

/** The words printed on a label (catalogue ids `labelPrint.<word>`). */
export const LABEL_WORDS = [
  'from',
  'to',
  'weight',
  'package',
  'cod',
  'reference',
  'carrier',
  'date',
  'content',
  'note',
  'shipper',
  'firstMile',
  'lastMile',
  'returnParcel',
  'noCarrier',
  'depot',
] as const;
export type LabelWord = (typeof LABEL_WORDS)[number];

/** The words printed on a label, in the language of whoever asked for it, from the one catalogue. */
export const labelWords = (lang: Language): Record<LabelWord, string> =>
  Object.fromEntries(LABEL_WORDS.map((w) => [w, catalogueText(lang, `labelPrint.${w}`)])) as Record<
    LabelWord,
    string
  >;
