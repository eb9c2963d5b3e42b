import { CLIENT_ADDRESS_KEYS, CLIENT_FLAGS, type ClientFlag, type ClientView } from '@depot/contracts';

/** Text fields of the client form, as typed (a blank optional field means "none"). */
export const CLIENT_TEXT_FIELDS = [
  'companyName',
  'clientName',
  'shortName',
  'vatId',
  'phone',
  'email',
  'country',
  'city',
  'street',
  'zipCode',
  'building',
  'apartment',
  'currency',
  'uniquePrefix',
  'debtBlockDays',
  'accountOwner',
  'iban',
  'bankName',
  'defaultPhoneShipping',
  'defaultEmailShipping',
  'additionalShipperNameOnTheLabel',
  'note',
  'contractNumber',
  'returnMatrixTitle',
  'domesticMatrixTitle',
] as const;
export type ClientTextField = (typeof CLIENT_TEXT_FIELDS)[number];

export const ADDRESS_FIELDS = CLIENT_ADDRESS_KEYS;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const PARCEL_FIELDS = [
  'content',
  'sizeD',
  'sizeL',
  'sizeW',
  'valueCurrency',
  'value',
  'weightKg',
] as const;
export type ParcelField = (typeof PARCEL_FIELDS)[number];

export type ClientFormValues = Record<ClientTextField, string> &
  Record<ClientFlag, boolean> & {
    /** '' = not linked to a master account. */
    masterId: string;
    hasDefaultAddress: boolean;
    defaultAddress: Record<AddressField, string>;
    parcelSettings: Record<ParcelField, string>;
    /** Not a client field: refuse the save when VIES cannot check the VAT ID (decision 0021). */
    strictVatCheck: boolean;
  };

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

const emptyAddress = (): Record<AddressField, string> =>
  Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ''])) as Record<AddressField, string>;
const emptyParcel = (): Record<ParcelField, string> =>
  Object.fromEntries(PARCEL_FIELDS.map((f) => [f, ''])) as Record<ParcelField, string>;

export const emptyClientForm = (): ClientFormValues => ({
  ...(Object.fromEntries(CLIENT_TEXT_FIELDS.map((f) => [f, ''])) as Record<ClientTextField, string>),
  ...(Object.fromEntries(CLIENT_FLAGS.map((f) => [f, f === 'active'])) as Record<ClientFlag, boolean>),
  debtBlockDays: '0',
  masterId: '',
  hasDefaultAddress: false,
  defaultAddress: emptyAddress(),
  parcelSettings: emptyParcel(),
  strictVatCheck: false,
});

export const clientToForm = (c: ClientView): ClientFormValues => ({
  ...(Object.fromEntries(CLIENT_TEXT_FIELDS.map((f) => [f, str(c[f])])) as Record<ClientTextField, string>),
  ...(Object.fromEntries(CLIENT_FLAGS.map((f) => [f, c[f]])) as Record<ClientFlag, boolean>),
  masterId: c.masterId ?? '',
  hasDefaultAddress: c.defaultAddress !== null,
  defaultAddress: c.defaultAddress
    ? (Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, str(c.defaultAddress?.[f])])) as Record<
        AddressField,
        string
      >)
    : emptyAddress(),
  parcelSettings: c.parcelSettings
    ? (Object.fromEntries(PARCEL_FIELDS.map((f) => [f, str(c.parcelSettings?.[f])])) as Record<
        ParcelField,
        string
      >)
    : emptyParcel(),
  strictVatCheck: false,
});

/** The create call's body (the shared schema turns blanks into "none" and checks the rest). */
export function toCreateRequest(v: ClientFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CLIENT_TEXT_FIELDS) out[f] = v[f];
  for (const f of CLIENT_FLAGS) out[f] = v[f];
  out.masterId = v.masterId || null;
  out.defaultAddress = v.hasDefaultAddress ? { ...v.defaultAddress } : null;
  const parcelGiven = PARCEL_FIELDS.some((f) => v.parcelSettings[f].trim() !== '');
  out.parcelSettings = parcelGiven ? { ...v.parcelSettings } : null;
  if (v.strictVatCheck && v.viesCheck) out.strictVatCheck = true;
  return out;
}

const normalise = (x: unknown): string =>
  JSON.stringify(x, (_k, val: unknown) => (typeof val === 'string' ? val.trim() : val));

/**
 * Only the fields that differ from the client as loaded (the API answers "No value has changed" otherwise), with
 * the strict VAT check asked for when there is something to save.
 */
export function toUpdateRequest(v: ClientFormValues, original: ClientView): Record<string, unknown> {
  const { strictVatCheck, ...now } = toCreateRequest(v);
  const before = toCreateRequest(clientToForm(original));
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(now)) if (normalise(value) !== normalise(before[k])) out[k] = value;
  if (strictVatCheck && Object.keys(out).length > 0) out.strictVatCheck = true;
  return out;
}
