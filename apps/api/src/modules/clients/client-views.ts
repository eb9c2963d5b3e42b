import {
  PARCEL_SETTING_KEYS,
  type ClientListItem,
  type ClientView,
  type CurrentClientView,
  type ParcelSettings,
} from '@depot/contracts';

/** Views of a client record (list row, the client user's "current client") and value helpers of the service. */

/** Structural equality for the values of a client field (text, numbers, booleans, the settings objects). */
export const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
};

const EMPTY_PARCEL_SETTINGS: ParcelSettings = {
  content: null,
  sizeD: null,
  sizeL: null,
  sizeW: null,
  valueCurrency: null,
  value: null,
  weightKg: null,
};

/**
 * Stored parcel settings carry every key (null when not set), so they compare and read predictably; settings with
 * nothing set are stored as none (null).
 */
export const fullParcelSettings = (s: Partial<ParcelSettings> | null | undefined): ParcelSettings | null => {
  const full = { ...EMPTY_PARCEL_SETTINGS, ...s };
  return Object.values(full).every((x) => x === null || x === undefined) ? null : full;
};

export const listItemOf = (c: ClientView): ClientListItem => ({
  id: c.id,
  companyName: c.companyName,
  clientName: c.clientName,
  shortName: c.shortName,
  uniquePrefix: c.uniquePrefix,
  vatId: c.vatId,
  email: c.email,
  phone: c.phone,
  country: c.country,
  city: c.city,
  currency: c.currency,
  active: c.active,
  disableAccess: c.disableAccess,
  disableNewOrders: c.disableNewOrders,
  masterAccount: c.masterAccount,
  masterId: c.masterId,
  masterName: c.masterName,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

/** SPEC §3 "Current client" from the record: only what a client user may see of its own client. */
export function currentView(c: ClientView): CurrentClientView {
  const number = [c.building, c.apartment].filter(Boolean).join('/');
  const address = [c.street, number].filter(Boolean).join(' ') || null;
  const parcel = c.parcelSettings ?? EMPTY_PARCEL_SETTINGS;
  return {
    id: c.id,
    name: c.companyName,
    clientName: c.clientName,
    shortName: c.shortName,
    vatId: c.vatId,
    prefix: c.uniquePrefix,
    email: c.email,
    phone: c.phone,
    country: c.country,
    city: c.city,
    zipCode: c.zipCode,
    street: c.street,
    building: c.building,
    apartment: c.apartment,
    address,
    currency: c.currency,
    autoReturnPackages: c.autoReturnPackages,
    isRevert: c.revertLogic,
    masterAccount: c.masterAccount,
    firstMile: c.firstMile,
    genOnlyFirstMile: c.genOnlyFirstMile,
    dontPrintLastMile: c.dontPrintLastMile,
    disableNewOrders: c.disableNewOrders,
    bankAccount: { accountOwner: c.accountOwner, iban: c.iban, bankName: c.bankName },
    defaultAddress: c.defaultAddress,
    settings: {
      ...Object.fromEntries(PARCEL_SETTING_KEYS.map((k) => [k, parcel[k] ?? null])),
      defaultEmailShippingAddress: c.defaultEmailShipping,
      defaultPhoneShippingAddress: c.defaultPhoneShipping,
      additionalShipperNameOnTheLabel: c.additionalShipperNameOnTheLabel,
    } as CurrentClientView['settings'],
  };
}
