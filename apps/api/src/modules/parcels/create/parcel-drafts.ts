import {
  MESSAGES,
  parcelRequiredIssues,
  type CreateParcelBody,
  type ParcelAddressView,
  type ParcelDraft,
  type ParcelView,
  type UpdateParcelBody,
} from '@depot/contracts';
import { orderTypeFor, orderTypeProblem } from '@depot/domain';
import { Errors } from '../../../common/errors';
import type { NewParcel } from '../parcels.repository';

/** A complete parcel draft: every required field present (checked by `assertComplete`). */
export type CompleteDraft = ParcelDraft & {
  orderType: NonNullable<ParcelDraft['orderType']>;
  weightKg: string;
  packageCount: number;
  pickupAddress: ParcelAddressView;
  destinationAddress: ParcelAddressView;
};

type Entered = Omit<CreateParcelBody, 'clientId'> | UpdateParcelBody;

/** What the body says, as a partial draft (absent stays absent). */
export function draftOfBody(body: Entered): Partial<ParcelDraft> {
  const out: Partial<ParcelDraft> = {};
  for (const [k, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (k === 'cod') {
      const cod = value as NonNullable<CreateParcelBody['cod']> | null;
      out.cod = cod ? { amountCOD: cod.amountCOD ?? null, codCurrency: cod.codCurrency ?? null } : null;
    } else if (k === 'insurance') {
      const insurance = value as NonNullable<CreateParcelBody['insurance']> | null;
      out.insurance = insurance ? { amount: insurance.amount ?? null } : null;
    } else {
      (out as Record<string, unknown>)[k] = value;
    }
  }
  return out;
}

/** A stored parcel as a draft (the base of an edit, or of its return). */
export function draftOfView(v: ParcelView): CompleteDraft {
  return {
    orderType: v.orderType,
    referenceNumber: v.referenceNumber,
    weightKg: v.weightKg,
    sizeCmL: v.sizeCmL,
    sizeCmW: v.sizeCmW,
    sizeCmD: v.sizeCmD,
    packageCount: v.packageCount,
    value: v.value,
    valueCurrency: v.valueCurrency,
    content: v.content,
    note1: v.note1,
    note2: v.note2,
    pickupAddress: v.pickupAddress,
    destinationAddress: v.destinationAddress,
    cod: v.cod,
    insurance: v.insurance,
    dropOffPoint: v.dropOffPoint,
  };
}

/**
 * How the order type is settled: `given` (sent by the caller: checked against the countries), `derive` (not sent
 * on create: from the countries), `keep` (not sent on an edit: the stored one, unless the new countries make a
 * domestic parcel cross a border, when it becomes internal).
 */
export type OrderTypeMode = 'given' | 'derive' | 'keep';

function settleOrderType(draft: ParcelDraft, mode: OrderTypeMode): ParcelDraft['orderType'] {
  const pickup = draft.pickupAddress?.country;
  const destination = draft.destinationAddress?.country;
  if (mode === 'given' || draft.orderType === 'internalReturn') return draft.orderType;
  if (!pickup || !destination) return draft.orderType ?? null;
  if (mode === 'derive' || draft.orderType === null) return orderTypeFor(pickup, destination);
  return draft.orderType === 'domestic' && pickup !== destination ? 'internal' : draft.orderType;
}

/**
 * The order type and the required fields: refused with every missing field's SPEC 5 message in `details` (the
 * first is the reply's message), or with an order type that does not fit the countries.
 */
export function assertComplete(draft: ParcelDraft, mode: OrderTypeMode): CompleteDraft {
  const complete = { ...draft, orderType: settleOrderType(draft, mode) };
  // An order type that follows the countries is not "missing" while an address is: the address fields are.
  const issues = parcelRequiredIssues(
    mode === 'given' ? complete : { ...complete, orderType: complete.orderType ?? 'internal' },
  );
  if (issues.length > 0) throw Errors.validation(issues[0].message, issues);
  const c = complete as CompleteDraft;
  const problem =
    mode === 'given'
      ? orderTypeProblem(c.orderType, c.pickupAddress.country, c.destinationAddress.country)
      : null;
  if (problem) throw Errors.validation(problem, [{ path: 'orderType', message: problem }]);
  return c;
}

/** The parcel's columns for a complete draft. */
export function columnsOf(d: CompleteDraft): Omit<NewParcel, 'clientId' | 'internalNumber' | 'source'> {
  return {
    orderType: d.orderType,
    referenceNumber: d.referenceNumber,
    weightKg: d.weightKg,
    sizeCmL: d.sizeCmL,
    sizeCmW: d.sizeCmW,
    sizeCmD: d.sizeCmD,
    packageCount: d.packageCount,
    value: d.value,
    valueCurrency: d.valueCurrency,
    content: d.content,
    note1: d.note1,
    note2: d.note2,
    pickupAddress: d.pickupAddress,
    destinationAddress: d.destinationAddress,
    pickupCountry: d.pickupAddress.country,
    destinationCountry: d.destinationAddress.country,
    codAmount: d.cod?.amountCOD ?? null,
    codCurrency: d.cod?.amountCOD ? d.cod.codCurrency : null,
    insuranceAmount: d.insurance?.amount ?? null,
    dropOffPoint: d.dropOffPoint,
  };
}

/** Not-found for a parcel the caller cannot see (another client's, deleted, or none). */
export const parcelNotFound = () => Errors.notFound(MESSAGES.parcelNotFound);
