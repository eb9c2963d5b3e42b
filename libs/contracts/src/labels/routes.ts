import { z } from 'zod';
import { route } from '../contract/route';
import {
  bulkLabelsRequestSchema,
  LABEL_NOTICES_HEADER,
  labelsStartedReplySchema,
  PDF_MIME,
  singleLabelRequestSchema,
  ZPL_MIME,
} from './schemas';

const tags = ['labels'];
const zpl = { text: true, example: '^XA\n^FO40,40^A0N,40,40^FDZIEL000000123^FS\n^XZ' } as const;
const labelFile = `The label file. ${LABEL_NOTICES_HEADER}: the notices as a JSON array; X-Label-Count: labels in it`;

/** Labels of parcels (SPEC 7 orders; decisions 0055–0059, 0121): one parcel, or a selection (large ones as a job). */
export const labelRoutes = {
  /** Always the file (no JSON case): no reply schema. Part of the integrators' API. */
  single: route
    .meta({
      permission: ['parcels.label'],
      external: true,
      file: { [PDF_MIME]: {}, [ZPL_MIME]: zpl },
      errors: [
        [404, 'No package found (no such parcel of your company), or no return parcel'],
        [409, 'No package has been created, so no label has been generated'],
      ],
    })
    .route({
      method: 'POST',
      path: '/order/generateLabelsForSinglePackage',
      successStatus: 200,
      successDescription: labelFile,
      tags,
      summary:
        'Labels of one parcel (isReturn: of its return parcel) as an A6 PDF, or ZPL with format "zpl"; one label per package. Notices in X-Label-Notices',
    })
    .input(z.object({ body: singleLabelRequestSchema })),
  bulk: route
    .meta({ permission: ['parcels.label'], file: { [PDF_MIME]: {}, [ZPL_MIME]: zpl } })
    .route({
      method: 'POST',
      path: '/order/labels',
      successStatus: 200,
      successDescription: labelFile,
      tags,
      summary:
        "Labels of picked parcels in one file (PDF or ZPL; pages in the order of the ids, each parcel's together); large selections answer 202 { jobId }",
    })
    .input(z.object({ body: bulkLabelsRequestSchema }))
    .output(labelsStartedReplySchema),
};
