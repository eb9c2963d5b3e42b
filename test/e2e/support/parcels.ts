import { expect, type APIRequestContext } from '@playwright/test';
import type { ParcelStatus, ParcelView } from '@depot/contracts';
import type { DepotApi } from './api';

/** A complete parcel body for a client (PL → DE, routed by the demo default matrix). */
export const parcelBody = (clientId: string, over: Record<string, unknown> = {}) => ({
  clientId,
  weightKg: '2.5',
  sizeCmL: 30,
  sizeCmW: 20,
  sizeCmD: 10,
  packageCount: 1,
  value: '100',
  valueCurrency: 'PLN',
  content: 'Books',
  pickupAddress: {
    name: 'Sklep Łódź',
    street: 'Piotrkowska',
    building: '5',
    city: 'Łódź',
    zipCode: '90-001',
    country: 'PL',
    phone: '+48 600 100 200',
    email: 'sklep@example.pl',
  },
  destinationAddress: {
    name: 'Jürgen Müller',
    street: 'Hauptstraße',
    building: '1',
    city: 'Berlin',
    zipCode: '10115',
    country: 'DE',
    phone: '+49 30 1234567',
    email: 'jm@example.de',
  },
  ...over,
});

/** Creates a parcel through POST /api/order/create as the demo admin. */
export async function createParcel(
  request: APIRequestContext,
  api: DepotApi,
  clientId: string,
  over: Record<string, unknown> = {},
): Promise<ParcelView> {
  const res = await request.post('/api/order/create', {
    headers: { Authorization: `Bearer ${await api.admin()}` },
    data: parcelBody(clientId, over),
  });
  expect(res.status(), `create parcel → ${await res.text()}`).toBe(201);
  return (await res.json()) as ParcelView;
}

/** Sets a parcel's status by hand as the demo admin (a colleague at another desk). */
export async function setParcelStatus(
  request: APIRequestContext,
  api: DepotApi,
  id: string,
  status: ParcelStatus,
): Promise<void> {
  const res = await request.put(`/api/order/${id}/status`, {
    headers: { Authorization: `Bearer ${await api.admin()}` },
    data: { status },
  });
  expect(res.status(), `set status → ${await res.text()}`).toBe(200);
}
