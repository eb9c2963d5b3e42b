import { z } from 'zod';
import { MESSAGES } from '../messages';
import { route } from '../contract/route';
import { XLSX_MIME } from '../exports/schemas';
import {
  scanFormSchema,
  scanListQuerySchema,
  scanLookupReplySchema,
  scanLookupSchema,
  scanLookupSinceSchema,
  scanRecordSchema,
  scanReplySchema,
  scanReportSchema,
} from './schemas';

const tags = ['operating module'];
const BASE = '/operatingModule';
const nothingFound: readonly [number, string] = [404, MESSAGES.parcelNotFound];

/**
 * Scanning (SPEC 7 `/operatingModule/...`; issue 14 items 2–4 and 7; decision 0127). Every scan is recorded with the
 * device's scan id, applied once, pushed to the terminal's room and the parcel lists as it commits.
 */
export const scanRoutes = {
  lookup: route
    .meta({ permission: ['operating.scan'], errors: [nothingFound] })
    .route({
      method: 'POST',
      path: `${BASE}/isExternalNumberInDB`,
      tags,
      summary: 'The parcel (or consolidation) a scanned number names, by any of its numbers, with its sector',
    })
    .input(z.object({ body: scanLookupSchema }))
    .output(scanLookupReplySchema),
  lookupSince: route
    .meta({ permission: ['operating.scan'], errors: [nothingFound] })
    .route({
      method: 'POST',
      path: `${BASE}/isExternalNumberInDB2`,
      tags,
      summary: 'The same lookup, and whether the parcel was scanned at or after the timestamp',
    })
    .input(z.object({ body: scanLookupSinceSchema }))
    .output(scanLookupReplySchema),
  setStatus: route
    .meta({ permission: ['operating.scan'] })
    .route({
      method: 'POST',
      path: `${BASE}/setStatusForArrayOfExtNrs`,
      tags,
      summary:
        'Scan numbers into a status (one result per number; scanIds make a resend change nothing and answer the first outcome)',
    })
    .input(z.object({ body: scanFormSchema }))
    .output(scanReplySchema),
  recent: route
    .meta({ permission: ['operating.scan'] })
    .route({
      method: 'GET',
      path: `${BASE}/scans`,
      tags,
      summary: "A terminal's scans: the latest (newest first), or those after afterSeq (oldest first)",
    })
    .input(z.object({ query: scanListQuerySchema }))
    .output(z.object({ items: z.array(scanRecordSchema) })),
  report: route
    .meta({
      permission: ['operating.scan'],
      file: { [XLSX_MIME]: {} },
      errors: [[400, MESSAGES.noPackagesFound]],
    })
    .route({
      method: 'POST',
      path: `${BASE}/raportOfScanedPackages`,
      successStatus: 200,
      successDescription: "The xlsx of the Warsaw day's scans",
      tags,
      summary: "Daily scan report: the day's scans (Europe/Warsaw) as xlsx; a day without scans is 400",
    })
    .input(z.object({ body: scanReportSchema }))
    .output(z.void()),
};
