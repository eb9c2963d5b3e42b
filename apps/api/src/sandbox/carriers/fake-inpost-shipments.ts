import { json, type FakeReply, type FakeRequest, type FakeShipment } from './fake-carrier-server';
import { fakeLabelPdf, fakeLabelZpl } from './fake-label';

/**
 * ShipX's shipments in the fake InPost (shapes in src/integrations/carriers/inpost-registration.ts):
 * - `POST /v1/organizations/{id}/shipments` (Bearer token; the organization must be the account's) checks what ShipX
 *   checks and answers 400 `validation_failed` with `details` nested per object: the receiver's phone (9 digits, a
 *   +48 or 48 prefix allowed), e-mail and post code present, each parcel's weight (up to 25 kg) and, for a locker
 *   service, `custom_attributes.target_point`; else 201 with the shipment `created` (no number yet);
 * - `GET /v1/shipments/{id}` answers it `confirmed` with its 24-digit tracking number (bought at once);
 * - `GET /v1/shipments/{id}/label?format=Pdf|Zpl` answers a real PDF (one page per parcel) or ZPL.
 */
export interface InpostShipments {
  readonly created: FakeShipment[];
  onCreated: ((shipment: FakeShipment) => void) | null;
}

interface Stored {
  shipment: FakeShipment;
  body: ShipxBody;
}

interface ShipxBody {
  receiver?: { phone?: string; email?: string; name?: string; address?: Record<string, string> };
  parcels?: { weight?: { amount?: number } }[];
  custom_attributes?: { target_point?: string };
  service?: string;
  reference?: string;
}

const validation = (details: Record<string, unknown>) =>
  json(400, {
    status: 400,
    error: 'validation_failed',
    message: 'There are some validation errors. Check details object for more info.',
    details,
  });

/** ShipX's validation of a new shipment: its `details`, or null when it is fine. */
function detailsOf(b: ShipxBody): Record<string, unknown> | null {
  const receiver: Record<string, string[]> = {};
  const phone = (b.receiver?.phone ?? '').replace(/^\+?48/, '');
  if (!/^\d{9}$/.test(phone)) receiver.phone = ['invalid'];
  if (!b.receiver?.email) receiver.email = ['required'];
  const address: Record<string, string[]> = {};
  if (!b.receiver?.address?.post_code) address.post_code = ['required'];
  const details: Record<string, unknown> = {};
  if (Object.keys(address).length) receiver.address = ['invalid'];
  if (Object.keys(receiver).length || Object.keys(address).length)
    details.receiver = [{ ...receiver, ...(Object.keys(address).length ? { address: [address] } : {}) }];
  if (
    !b.parcels?.length ||
    b.parcels.some((p) => !(Number(p.weight?.amount) > 0) || Number(p.weight?.amount) > 25)
  )
    details.parcels = [{ weight: [{ amount: ['invalid'] }] }];
  if (b.service?.startsWith('inpost_locker') && !b.custom_attributes?.target_point)
    details.custom_attributes = [{ target_point: ['required'] }];
  return Object.keys(details).length ? details : null;
}

/** The shipments part of the fake, answering its paths (null for a path it does not serve). */
export function inpostShipments(organizationId: () => string | null) {
  const byId = new Map<string, Stored>();
  let next = 1;
  const state: InpostShipments = { created: [], onCreated: null };

  const route = (req: FakeRequest): FakeReply | null => {
    const create = /^\/v1\/organizations\/([^/?]+)\/shipments$/.exec(req.path);
    if (req.method === 'POST' && create) {
      const org = organizationId();
      if (org !== null && decodeURIComponent(create[1]) !== org)
        return json(403, {
          status: 403,
          error: 'access_forbidden',
          message: 'Access forbidden',
          details: {},
        });
      let body: ShipxBody;
      try {
        body = JSON.parse(req.body) as ShipxBody;
      } catch {
        return json(400, { status: 400, error: 'invalid_json', message: 'Invalid JSON', details: {} });
      }
      const details = detailsOf(body);
      if (details) return validation(details);
      const id = String(1_870_000 + next++);
      const trackingNumber = `${Date.now()}${String(next).padStart(11, '0')}`.slice(-24).padStart(24, '6');
      const shipment: FakeShipment = { shipmentId: id, trackingNumber, createdAt: new Date() };
      byId.set(id, { shipment, body });
      state.created.push(shipment);
      state.onCreated?.(shipment);
      return json(201, { id: Number(id), status: 'created', tracking_number: null, service: body.service });
    }
    const one = /^\/v1\/shipments\/([^/?]+)(\/label)?(?:\?(.*))?$/.exec(req.path);
    if (req.method !== 'GET' || !one) return null;
    const stored = byId.get(decodeURIComponent(one[1]));
    if (!stored)
      return json(404, {
        status: 404,
        error: 'resource_not_found',
        message: 'Shipment not found',
        details: {},
      });
    const { shipment, body } = stored;
    if (!one[2]) {
      return json(200, {
        id: Number(shipment.shipmentId),
        status: 'confirmed',
        tracking_number: shipment.trackingNumber,
        service: body.service,
        reference: body.reference,
      });
    }
    const format = new URLSearchParams(one[3] ?? '').get('format') ?? 'Pdf';
    const pages = (body.parcels ?? [{}]).map(() => ({
      carrier: 'InPost',
      number: shipment.trackingNumber,
      lines: [body.receiver?.name ?? '', body.custom_attributes?.target_point ?? ''],
    }));
    if (format.toLowerCase() === 'zpl') return { status: 200, type: 'text/plain', body: fakeLabelZpl(pages) };
    return { status: 200, type: 'application/pdf', body: fakeLabelPdf(pages) };
  };
  return { state, route };
}
