import { z } from 'zod';
import { route, rowId } from '../contract/route';
import { PDF_MIME, ZPL_MIME } from '../labels/schemas';
import { MESSAGES } from '../messages';
import { parcelSelectionSchema } from '../parcels/selection';
import { carrierRegistrationSchema, carrierSandboxesSchema, sendToCarrierReplySchema } from './schemas';

const tags = ['parcels'];
const parcelParams = z.object({ id: rowId(MESSAGES.parcelNotFound) });
const ownedRow = { kind: 'parcel', param: 'id', notFound: MESSAGES.parcelNotFound } as const;
const noSuchParcel = [404, 'No such parcel of your company'] as const;

/** Registration at the carrier (decision 0147): send parcels to their carriers, read how it went, the carrier's label. */
export const carrierRegistrationRoutes = {
  sendSelection: route
    .meta({ permission: ['parcels.route'] })
    .route({
      method: 'POST',
      path: '/order/sendToCarrier',
      successStatus: 202,
      tags,
      summary:
        'Register a selection of new parcels at their carriers now (a job with progress; may take a while); carriers that do not answer are asked again by the retry sweep',
    })
    .input(z.object({ body: parcelSelectionSchema }))
    .output(sendToCarrierReplySchema),
  sendOne: route
    .meta({
      permission: ['parcels.route'],
      ownedRow,
      errors: [noSuchParcel, [409, 'The parcel cannot be sent']],
    })
    .route({
      method: 'POST',
      path: '/order/{id}/sendToCarrier',
      successStatus: 200,
      tags,
      summary:
        "Register one parcel at its carrier now and answer how it went (the carrier's numbers or its errors)",
    })
    .input(z.object({ params: parcelParams }))
    .output(carrierRegistrationSchema),
  get: route
    .meta({ permission: ['parcels.read'], external: true, ownedRow, errors: [noSuchParcel] })
    .route({
      method: 'GET',
      path: '/order/{id}/carrierRegistration',
      successStatus: 200,
      tags,
      summary:
        "How the parcel's registration at its carrier stands: registered, refused with the carrier's errors per field, or waiting for an answer",
    })
    .input(z.object({ params: parcelParams }))
    .output(carrierRegistrationSchema),
  label: route
    .meta({
      permission: ['parcels.label'],
      external: true,
      ownedRow,
      file: { [PDF_MIME]: {}, [ZPL_MIME]: { text: true } },
      errors: [noSuchParcel, [409, 'The carrier has given no label for this parcel']],
    })
    .route({
      method: 'GET',
      path: '/order/{id}/carrierLabel',
      successStatus: 200,
      tags,
      summary: "The carrier's own label of a registered parcel, as the carrier gave it (PDF or ZPL)",
    })
    .input(z.object({ params: parcelParams })),
  sandboxes: route
    .meta({ permission: ['parcels.read'] })
    .route({
      method: 'GET',
      path: '/carriers/sandboxes',
      successStatus: 200,
      tags,
      summary:
        'The carriers answered by the demo sandboxes the app started (shown as "sandbox" beside their names)',
    })
    .output(carrierSandboxesSchema),
};
