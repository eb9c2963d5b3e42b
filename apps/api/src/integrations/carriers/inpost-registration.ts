import {
  registered,
  rejected,
  registrationUnavailable,
  registrationUnavailableStatus,
  type RegistrationAdapter,
  type RegistrationResult,
  type ShipmentAddress,
  type ShipmentField,
  type ShipmentFieldError,
  type ShipmentParcel,
} from './carrier-registration';
import { text } from './carrier-cancellation';
import { NoReply, parseJson, send, type Fetch, type HttpReply } from './carrier-http';

/**
 * InPost ShipX registration (ShipX API documentation "Create shipment", "Shipment details", "Shipment label";
 * karrio's inpost connector and InPost's public PHP/JS SDKs send the same shapes):
 * - `POST {base}/v1/organizations/{organizationId}/shipments`, `Authorization: Bearer {apiToken}`, JSON `{ receiver,
 *   sender, parcels: [{ dimensions: { length, width, height, unit: 'mm' }, weight: { amount, unit: 'kg' } }],
 *   custom_attributes: { target_point, sending_method }, cod: { amount, currency }, insurance: { amount, currency },
 *   service, reference }` → 201 with the shipment `{ id, status: 'created', tracking_number: null, … }`: ShipX buys
 *   the offer afterwards, so the number comes with the shipment's details;
 * - `GET {base}/v1/shipments/{id}` → `{ id, status: 'confirmed', tracking_number }` once bought (asked a few times
 *   with a short wait, within the request timeout);
 * - `GET {base}/v1/shipments/{id}/label?format=Pdf|Zpl&type=normal` → the label file (PDF bytes or ZPL text);
 * - refusals are 400/422 `{ status, error: 'validation_failed', message, details }` with `details` nesting each
 *   object's fields as arrays of `{ field: [codes] }` (e.g. `{ receiver: [{ phone: ['invalid'] }] }`,
 *   `{ custom_attributes: [{ target_point: ['does_not_exist'] }] }`), array items sometimes keyed by their index
 *   (`{ parcels: [{ '0': { weight: [{ amount: ['too_small'] }] } }] }`, as in sylapi/courier-inpost's recorded
 *   replies); 401 `{ error: 'token_invalid', message: 'Token is missing or invalid.' }`, 429 and 5xx as elsewhere.
 * A parcel with a drop-off point goes to that locker (`target_point`, a locker service), one without by courier.
 * No reply (timeout, connection) is `unavailable` with its reason, as in the other registration adapters.
 */

/** ShipX's field paths (joined by dots, array levels left out) → ours. */
const FIELDS: Readonly<Record<string, ShipmentField>> = {
  'custom_attributes.target_point': 'dropOffPoint',
  'cod.amount': 'cod.amountCOD',
  'cod.currency': 'cod.codCurrency',
  'insurance.amount': 'insurance.amount',
  'parcels.weight.amount': 'weightKg',
  'parcels.weight': 'weightKg',
  'parcels.dimensions.length': 'sizeCmL',
  'parcels.dimensions.width': 'sizeCmW',
  'parcels.dimensions.height': 'sizeCmD',
  // `reference` carries our internal number (no form field); the form's reference number goes in `comments`.
  comments: 'referenceNumber',
};
const ADDRESS_FIELDS: Readonly<Record<string, keyof ShipmentAddress>> = {
  name: 'name',
  company_name: 'name',
  first_name: 'name',
  last_name: 'name',
  phone: 'phone',
  email: 'email',
  'address.street': 'street',
  'address.building_number': 'building',
  'address.city': 'city',
  'address.post_code': 'zipCode',
  'address.country_code': 'country',
};

/** Our field for a ShipX detail path, or null. */
export function inpostField(path: string): ShipmentField | null {
  if (FIELDS[path]) return FIELDS[path];
  const [head, ...rest] = path.split('.');
  const party = head === 'receiver' ? 'destinationAddress' : head === 'sender' ? 'pickupAddress' : null;
  const field = party ? ADDRESS_FIELDS[rest.join('.')] : undefined;
  return party && field ? (`${party}.${field}` as ShipmentField) : null;
}

/** Every leaf of ShipX's `details`: its path (array levels and index keys left out) and its codes. */
function leaves(value: unknown, path: string[] = []): { path: string; codes: string[] }[] {
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string'))
      return [{ path: path.join('.'), codes: value as string[] }];
    return value.flatMap((v) => leaves(v, path));
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, /^\d+$/.test(k) ? path : [...path, k]));
  }
  return typeof value === 'string' ? [{ path: path.join('.'), codes: [value] }] : [];
}

/** A refusal's errors: each detail under our field, in ShipX's words ("receiver.phone: invalid"). */
export function readInpostRefusal(reply: HttpReply): RegistrationResult {
  const body = parseJson(reply.body) as { error?: unknown; message?: unknown; details?: unknown } | undefined;
  if (!body || typeof body.error !== 'string') return registrationUnavailable('BAD_REPLY');
  const errors: ShipmentFieldError[] = leaves(body.details).map((l) => ({
    field: inpostField(l.path),
    message: `${l.path}: ${l.codes.join(', ')}`,
  }));
  if (errors.length === 0) {
    errors.push({ field: null, message: typeof body.message === 'string' ? body.message : body.error });
  }
  return rejected(errors);
}

const cm2mm = (cm: number) => Math.round(cm * 10);
const names = (name: string) => {
  const parts = name.trim().split(/\s+/);
  return {
    first_name: parts.slice(0, -1).join(' ') || parts[0],
    last_name: parts.length > 1 ? parts.at(-1)! : parts[0],
  };
};
const party = (a: ShipmentAddress) => ({
  name: a.name,
  company_name: a.name,
  ...names(a.name),
  email: a.email ?? undefined,
  phone: a.phone?.replace(/[^\d+]/g, '') ?? undefined,
  address: {
    street: a.street,
    building_number: a.apartment ? `${a.building}/${a.apartment}` : a.building,
    city: a.city,
    post_code: a.zipCode,
    country_code: a.country,
  },
});

/** The create-shipment body of a parcel. */
export function inpostShipmentBody(p: ShipmentParcel, service: string) {
  const weight = Number(p.weightKg) / p.packageCount;
  const locker = service.startsWith('inpost_locker');
  return {
    receiver: party(p.receiver),
    sender: party(p.sender),
    parcels: Array.from({ length: p.packageCount }, (_, i) => ({
      id: `${i + 1}`,
      dimensions: { length: cm2mm(p.sizeCmL), width: cm2mm(p.sizeCmW), height: cm2mm(p.sizeCmD), unit: 'mm' },
      weight: { amount: Math.round(weight * 1000) / 1000, unit: 'kg' },
    })),
    custom_attributes: locker
      ? { target_point: p.dropOffPoint ?? undefined, sending_method: 'dispatch_order' }
      : { sending_method: 'dispatch_order' },
    ...(p.cod ? { cod: { amount: Number(p.cod.amount), currency: p.cod.currency } } : {}),
    ...(p.insurance
      ? { insurance: { amount: Number(p.insurance.amount), currency: p.insurance.currency } }
      : {}),
    service,
    reference: p.internalNumber,
    ...(p.referenceNumber ? { comments: p.referenceNumber } : {}),
  };
}

/**
 * The ShipX service of a parcel: a locker service when it names a locker (its drop-off point), a courier service
 * otherwise — the account's default service when it is of that kind, else the standard one.
 */
export function inpostService(defaultService: string, toLocker: boolean): string {
  const isLocker = defaultService.startsWith('inpost_locker');
  if (toLocker) return isLocker ? defaultService : 'inpost_locker_standard';
  return defaultService && !isLocker ? defaultService : 'inpost_courier_standard';
}

/** How often and how long apart the shipment's details are asked for its number after creating it. */
const CONFIRM_ATTEMPTS = 5;
const CONFIRM_WAIT_MS = 200;

/** The tracking number of a ShipX shipment reply, once it has one (null while it is not confirmed). */
const numberOf = (reply: HttpReply): string | null => {
  if (reply.status !== 200 && reply.status !== 201) return null;
  const number = (parseJson(reply.body) as { tracking_number?: unknown } | undefined)?.tracking_number;
  return typeof number === 'string' && number ? number : null;
};

export class InpostRegistrationAdapter implements RegistrationAdapter {
  constructor(
    private readonly timeoutMs: number,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  private request(url: string, token: string, init: RequestInit = {}) {
    return send(
      this.fetchImpl,
      url,
      { ...init, headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...init.headers } },
      this.timeoutMs,
    );
  }

  async register(
    base: string,
    config: Readonly<Record<string, unknown>>,
    p: ShipmentParcel,
  ): Promise<RegistrationResult> {
    const token = text(config, 'apiToken');
    const organization = text(config, 'organizationId');
    if (!token || !organization) return registrationUnavailable('MISSING_CREDENTIALS');
    const service = inpostService(text(config, 'defaultService'), p.dropOffPoint !== null);
    let created: HttpReply;
    try {
      created = await this.request(
        `${base}/v1/organizations/${encodeURIComponent(organization)}/shipments`,
        token,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(inpostShipmentBody(p, service)),
        },
      );
    } catch (err) {
      return registrationUnavailable(err instanceof NoReply ? err.reason : 'CONNECTION_FAILED');
    }
    if (created.status === 400 || created.status === 422) return readInpostRefusal(created);
    if (created.status !== 201 && created.status !== 200)
      return registrationUnavailableStatus(created.status);
    const shipment = parseJson(created.body) as { id?: unknown } | undefined;
    if (!shipment || (typeof shipment.id !== 'number' && typeof shipment.id !== 'string')) {
      return registrationUnavailable('BAD_REPLY');
    }
    const id = String(shipment.id);
    // The shipment exists at InPost now; without its number the port has no answer but `unavailable`
    // (NOT_CONFIRMED, whatever went wrong while asking for it). ShipX may also answer the number at once.
    const number = numberOf(created) ?? (await this.trackingNumber(base, token, id).catch(() => null));
    if (!number) return registrationUnavailable('NOT_CONFIRMED');
    const format = p.labelFormat === 'zpl' ? 'Zpl' : 'Pdf';
    // A label that does not come only costs the label (it can be fetched again later).
    const label = await this.request(
      `${base}/v1/shipments/${encodeURIComponent(id)}/label?format=${format}&type=normal`,
      token,
    ).catch(() => null);
    const data = label?.status === 200 && label.bytes?.length ? label.bytes : null;
    return registered(id, number, data ? { format: p.labelFormat, data } : null);
  }

  /**
   * The shipment's tracking number once InPost confirmed it, or null: asked up to CONFIRM_ATTEMPTS times,
   * CONFIRM_WAIT_MS apart, no longer than the request timeout from the first ask.
   */
  private async trackingNumber(base: string, token: string, id: string): Promise<string | null> {
    const deadline = Date.now() + this.timeoutMs;
    for (let i = 0; i < CONFIRM_ATTEMPTS; i++) {
      const number = numberOf(await this.request(`${base}/v1/shipments/${encodeURIComponent(id)}`, token));
      if (number) return number;
      if (Date.now() + CONFIRM_WAIT_MS > deadline) break;
      await new Promise((r) => setTimeout(r, CONFIRM_WAIT_MS));
    }
    return null;
  }
}
