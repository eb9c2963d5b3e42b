import type { z } from 'zod';
import {
  deleteShipmentReplySchema,
  parcelListReplySchema,
  parcelViewReplySchema,
  PARCEL_VIEW_EXAMPLE,
} from './replies';
import { createParcelSchema, deleteShipmentSchema, parcelRequiredIssues } from './schemas';
import { parcelListRequestSchema } from './list';
import { singleLabelRequestSchema } from '../labels';

const examplesOf = (schema: z.ZodType): unknown[] => {
  const examples = schema.meta()?.examples;
  return Array.isArray(examples) ? examples : [];
};

/** The examples shown in /api/docs (decision 0086) are valid for the very schemas they illustrate. */
describe('parcel API examples', () => {
  it.each([
    ['create request', createParcelSchema],
    ['list request', parcelListRequestSchema],
    ['deleteShipment request', deleteShipmentSchema],
    ['label request', singleLabelRequestSchema],
    ['parcel reply', parcelViewReplySchema],
    ['list reply', parcelListReplySchema],
    ['deleteShipment reply', deleteShipmentReplySchema],
  ] as const)('the %s example parses with its schema', (_name, schema) => {
    const examples = examplesOf(schema);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(schema.safeParse(example).error?.issues ?? []).toEqual([]);
  });

  it('the create example is a complete parcel once a client with a pickup address fills the blanks', () => {
    const body = createParcelSchema.parse(examplesOf(createParcelSchema)[0]);
    const issues = parcelRequiredIssues({
      ...body,
      orderType: 'internal',
      pickupAddress: PARCEL_VIEW_EXAMPLE.pickupAddress,
    });
    expect(issues).toEqual([]);
  });

  it('the reply schema refuses a reply that lacks a field (it would catch a wrong example)', () => {
    const { statusHistory: _gone, ...partial } = PARCEL_VIEW_EXAMPLE;
    expect(parcelViewReplySchema.safeParse(partial).success).toBe(false);
  });
});
