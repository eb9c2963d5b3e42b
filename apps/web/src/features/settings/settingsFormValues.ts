import {
  CLIENT_ADDRESS_KEYS,
  OWN_CLIENT_ADDRESS_KEYS,
  PARCEL_SETTING_KEYS,
  type ClientAddress,
  type CurrentClientView,
  type OwnClientAddress,
  type OwnClientSettings,
} from '@depot/contracts';

/** The settings screen's form: the sections of PUT /client/put/current, as typed (blank = none). */

export type OwnAddressField = keyof OwnClientAddress;
export type PickupAddressField = keyof ClientAddress;
export type SettingsField = keyof OwnClientSettings;

export const OWN_ADDRESS_FIELDS: readonly OwnAddressField[] = OWN_CLIENT_ADDRESS_KEYS;
export const PICKUP_ADDRESS_FIELDS: readonly PickupAddressField[] = CLIENT_ADDRESS_KEYS;
export const PARCEL_FIELDS: readonly SettingsField[] = PARCEL_SETTING_KEYS;
export const SHIPPING_FIELDS: readonly SettingsField[] = [
  'defaultPhoneShippingAddress',
  'defaultEmailShippingAddress',
  'additionalShipperNameOnTheLabel',
];
const SETTINGS_FIELDS: readonly SettingsField[] = [...PARCEL_FIELDS, ...SHIPPING_FIELDS];

export interface SettingsFormValues {
  clientAddress: Record<OwnAddressField, string>;
  hasDefaultAddress: boolean;
  defaultAddress: Record<PickupAddressField, string>;
  settings: Record<SettingsField, string>;
}

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

const record = <K extends string>(keys: readonly K[], value: (k: K) => string): Record<K, string> =>
  Object.fromEntries(keys.map((k) => [k, value(k)])) as Record<K, string>;

/** The form as loaded from GET /client/get/current. */
export function currentToForm(c: CurrentClientView): SettingsFormValues {
  return {
    clientAddress: record(OWN_ADDRESS_FIELDS, (k) => str(c[k])),
    hasDefaultAddress: c.defaultAddress !== null,
    defaultAddress: record(PICKUP_ADDRESS_FIELDS, (k) => str(c.defaultAddress?.[k])),
    settings: record(SETTINGS_FIELDS, (k) => str(c.settings[k])),
  };
}

const differs = (a: string, b: string) => a.trim() !== b.trim();
const anyDiffers = <K extends string>(keys: readonly K[], a: Record<K, string>, b: Record<K, string>) =>
  keys.some((k) => differs(a[k], b[k]));

/**
 * The PUT body: only what the person changed, so an untouched section (perhaps incomplete in older data) is
 * neither checked nor sent. The client address and the pickup address go whole; settings key by key (blank
 * clears); turning the pickup address off sends null. `{}` when nothing changed.
 */
export function toSettingsRequest(
  v: SettingsFormValues,
  original: CurrentClientView,
): Record<string, unknown> {
  const before = currentToForm(original);
  const out: Record<string, unknown> = {};
  if (anyDiffers(OWN_ADDRESS_FIELDS, v.clientAddress, before.clientAddress)) {
    out.clientAddress = { ...v.clientAddress };
  }
  if (!v.hasDefaultAddress) {
    if (before.hasDefaultAddress) out.defaultAddress = null;
  } else if (
    !before.hasDefaultAddress ||
    anyDiffers(PICKUP_ADDRESS_FIELDS, v.defaultAddress, before.defaultAddress)
  ) {
    out.defaultAddress = { ...v.defaultAddress };
  }
  const settings = Object.fromEntries(
    SETTINGS_FIELDS.filter((k) => differs(v.settings[k], before.settings[k])).map((k) => [k, v.settings[k]]),
  );
  if (Object.keys(settings).length > 0) out.settings = settings;
  return out;
}
