import {
  copyOfParcel,
  parseDecimalText,
  type NewParcelDefaults,
  type OrderType,
  type ParcelAddressView,
  type ParcelDraft,
  type ParcelView,
} from '@depot/contracts';
import { applyClientDefaults } from '@depot/domain';

/** The parcel form's values as typed, and the mapping parcel ⇄ form ⇄ request (decision 0075). */

export const ADDRESS_KEYS = [
  'name',
  'street',
  'building',
  'city',
  'zipCode',
  'country',
  'phone',
  'email',
] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];
export type AddressValues = Record<AddressKey, string>;
export type AddressSide = 'pickupAddress' | 'destinationAddress';

/** Goods, numbers and notes: typed as text, checked and converted by the shared schema. */
export const PARCEL_TEXT_FIELDS = [
  'weightKg',
  'sizeCmL',
  'sizeCmW',
  'sizeCmD',
  'packageCount',
  'value',
  'valueCurrency',
  'content',
  'referenceNumber',
  'note1',
  'note2',
  'dropOffPoint',
] as const;
export type ParcelTextField = (typeof PARCEL_TEXT_FIELDS)[number];

export type ParcelFormValues = Record<ParcelTextField, string> & {
  /** Staff: the client the parcel is for ('' = not picked); a client user's own is implied. */
  clientId: string;
  clientName: string;
  /** '' = by the countries (domestic when they are the same, internal otherwise). */
  orderType: OrderType | '';
  pickupAddress: AddressValues;
  destinationAddress: AddressValues;
  codAmount: string;
  codCurrency: string;
  insuranceAmount: string;
};

/**
 * What a copy takes over (decision 0077): "clone parcel" the shipment — client, order type, both addresses, the
 * goods (weight, sizes, packages, value, content) and the drop-off point; "clone order" also what the sender
 * entered about the order — reference number, notes, COD and insurance. Never the numbers, status or carrier.
 */
export type CloneKind = 'parcel' | 'order';

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const isBlank = (s: string) => s.trim() === '';

export const emptyAddress = (): AddressValues =>
  Object.fromEntries(ADDRESS_KEYS.map((k) => [k, ''])) as AddressValues;

export const emptyParcelForm = (): ParcelFormValues => ({
  ...(Object.fromEntries(PARCEL_TEXT_FIELDS.map((f) => [f, ''])) as Record<ParcelTextField, string>),
  clientId: '',
  clientName: '',
  orderType: '',
  pickupAddress: emptyAddress(),
  destinationAddress: emptyAddress(),
  codAmount: '',
  codCurrency: '',
  insuranceAmount: '',
});

const addressToForm = (a: ParcelAddressView | null | undefined): AddressValues =>
  a ? (Object.fromEntries(ADDRESS_KEYS.map((k) => [k, str(a[k])])) as AddressValues) : emptyAddress();

/** The form's fields holding an exact decimal (weight, money): shown as the panel's language writes numbers. */
const DECIMAL_FIELDS: ReadonlySet<string> = new Set(['weightKg', 'value']);

/**
 * A stored parcel in the form: the whole parcel to edit it, or what a copy takes over (contracts copyOfParcel).
 * `decimal` writes a stored decimal ("2.500") as the user types numbers ("2,5" in Polish: ui/format
 * formatDecimalInput); the schema reads either back (parseDecimalText).
 */
export function parcelToForm(
  p: ParcelView,
  kind: 'edit' | CloneKind = 'edit',
  decimal: (stored: string) => string = (stored) => stored,
): ParcelFormValues {
  const decimalStr = (v: string | number | null | undefined) =>
    v === null || v === undefined ? '' : decimal(String(v));
  // A copy takes what copyOfParcel (the rule the generate-copies job uses too) takes; a field it leaves out is blank.
  const source = kind === 'edit' ? p : copyOfParcel(p, kind);
  const text = Object.fromEntries(
    PARCEL_TEXT_FIELDS.map((f) => [
      f,
      (DECIMAL_FIELDS.has(f) ? decimalStr : str)(
        (source as Partial<Record<ParcelTextField, string | number | null>>)[f],
      ),
    ]),
  ) as Record<ParcelTextField, string>;
  const money = source as {
    cod?: { amountCOD?: string | number | null; codCurrency?: string | null } | null;
    insurance?: { amount?: string | number | null } | null;
  };
  return {
    ...text,
    clientId: p.clientId,
    clientName: p.clientName,
    orderType: source.orderType ?? '',
    pickupAddress: addressToForm(source.pickupAddress as ParcelAddressView | null | undefined),
    destinationAddress: addressToForm(source.destinationAddress as ParcelAddressView | null | undefined),
    codAmount: decimalStr(money.cod?.amountCOD),
    codCurrency: str(money.cod?.codCurrency),
    insuranceAmount: decimalStr(money.insurance?.amount),
  };
}

const blankToNull = (s: string) => (isBlank(s) ? null : s.trim());
const wholeOrNull = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : null);

/** The form as a draft of the shared rules (blank = not given; a blank package count = not sent at all). */
function draftOfForm(v: ParcelFormValues): Partial<ParcelDraft> {
  const rawAddress = (a: AddressValues): ParcelAddressView => ({ ...a });
  return {
    weightKg: blankToNull(v.weightKg),
    sizeCmL: wholeOrNull(v.sizeCmL),
    sizeCmW: wholeOrNull(v.sizeCmW),
    sizeCmD: wholeOrNull(v.sizeCmD),
    packageCount: isBlank(v.packageCount) ? undefined : wholeOrNull(v.packageCount),
    value: blankToNull(v.value),
    valueCurrency: blankToNull(v.valueCurrency),
    content: blankToNull(v.content),
    pickupAddress: ADDRESS_KEYS.every((k) => isBlank(v.pickupAddress[k]))
      ? undefined
      : rawAddress(v.pickupAddress),
    // Always an address (blanks kept), so the default recipient phone and e-mail reach an empty form too.
    destinationAddress: rawAddress(v.destinationAddress),
  };
}

/**
 * The client's defaults in the blanks of the form (the same rule the API applies on save, libs/domain
 * `applyClientDefaults`): standard parcel, standard pickup address when none is typed, default recipient phone
 * and e-mail, one package. What the user typed is never replaced.
 */
export function withClientDefaults(v: ParcelFormValues, d: NewParcelDefaults): ParcelFormValues {
  const filled = applyClientDefaults(draftOfForm(v), {
    parcelSettings: d.parcelSettings,
    defaultAddress: d.pickupAddress,
    defaultPhoneShipping: d.defaultPhoneShipping,
    defaultEmailShipping: d.defaultEmailShipping,
  });
  const out: ParcelFormValues = { ...v };
  for (const f of ['weightKg', 'sizeCmL', 'sizeCmW', 'sizeCmD', 'packageCount'] as const) {
    if (isBlank(v[f])) out[f] = str(filled[f]);
  }
  for (const f of ['value', 'valueCurrency', 'content'] as const) {
    if (isBlank(v[f])) out[f] = str(filled[f]);
  }
  if (ADDRESS_KEYS.every((k) => isBlank(v.pickupAddress[k])))
    out.pickupAddress = addressToForm(filled.pickupAddress);
  out.destinationAddress = {
    ...v.destinationAddress,
    phone: str(filled.destinationAddress?.phone),
    email: str(filled.destinationAddress?.email),
  };
  return out;
}

const addressOrNull = (a: AddressValues) =>
  ADDRESS_KEYS.every((k) => isBlank(a[k])) ? null : { ...a, country: a.country.trim().toUpperCase() };

/**
 * The create call's body (the shared schema turns blanks into "none" and checks the rest). `clientId` only for
 * staff; a blank order type is left out (the API derives it from the countries).
 */
export function toParcelRequest(v: ParcelFormValues, withClient: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (withClient) out.clientId = v.clientId || undefined;
  if (v.orderType) out.orderType = v.orderType;
  for (const f of PARCEL_TEXT_FIELDS) out[f] = v[f];
  out.pickupAddress = addressOrNull(v.pickupAddress);
  out.destinationAddress = addressOrNull(v.destinationAddress);
  out.cod = isBlank(v.codAmount) ? null : { amountCOD: v.codAmount, codCurrency: v.codCurrency };
  out.insurance = isBlank(v.insuranceAmount) ? null : { amount: v.insuranceAmount };
  return out;
}

/** Keys of the request holding a decimal: "2,5" and "2.500" are the same weight. */
const DECIMAL_KEYS: ReadonlySet<string> = new Set(['weightKg', 'value', 'amountCOD', 'amount']);

const normalise = (x: Record<string, unknown>): string =>
  JSON.stringify(x, (k, val: unknown) => {
    if (typeof val !== 'string') return val;
    const number = DECIMAL_KEYS.has(k) ? parseDecimalText(val) : null;
    return number === null ? val.trim() : Number(number);
  });

/** The edit call's body: only what differs from the parcel as loaded (the API answers "No value has changed"). */
export function toParcelUpdate(v: ParcelFormValues, original: ParcelView): Record<string, unknown> {
  const now = toParcelRequest(v, false);
  const before = toParcelRequest(parcelToForm(original), false);
  const out: Record<string, unknown> = {};
  for (const [k, value] of Object.entries(now)) {
    if (normalise({ [k]: value ?? null }) !== normalise({ [k]: before[k] ?? null })) out[k] = value;
  }
  return out;
}
