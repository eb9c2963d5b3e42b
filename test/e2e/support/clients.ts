import { expect, type APIRequestContext } from '@playwright/test';
import type { ClientView } from '@depot/contracts';
import { uniqueTag, type DepotApi } from './api';
import { cp1250 } from './cp1250';

/** Creates a client through POST /api/client/create as the demo admin; short name and prefix are unique. */
export async function createClient(
  request: APIRequestContext,
  api: DepotApi,
  overrides: Record<string, unknown> = {},
): Promise<ClientView> {
  const tag = uniqueTag('c');
  const res = await request.post('/api/client/create', {
    headers: { Authorization: `Bearer ${await api.admin()}` },
    data: {
      companyName: `E2E Client ${tag}`,
      shortName: tag,
      vatId: '5260001246',
      phone: '+48 600 100 200',
      country: 'PL',
      city: 'Warszawa',
      street: 'Prosta',
      zipCode: '00-001',
      building: '1',
      currency: 'PLN',
      uniquePrefix: tag,
      debtBlockDays: 0,
      ...overrides,
    },
  });
  expect(res.status(), `create client → ${await res.text()}`).toBe(201);
  return (await res.json()) as ClientView;
}

/**
 * A client whose pickup address is the sender, and whose standard parcel and phone fill what a shipment file leaves
 * out (it names only recipients and weights).
 */
export const createShop = (request: APIRequestContext, api: DepotApi) =>
  createClient(request, api, {
    defaultAddress: {
      name: 'Magazyn Śródmieście',
      street: 'Żelazna',
      building: '12',
      city: 'Łódź',
      zipCode: '90-001',
      country: 'PL',
    },
    defaultPhoneShipping: '+48 600 700 800',
    parcelSettings: {
      content: 'Książki',
      sizeL: 30,
      sizeW: 20,
      sizeD: 10,
      value: '100',
      valueCurrency: 'PLN',
    },
  });

/** A CSV as Polish Excel saves it: `;`-separated, CRLF, Windows-1250. */
export const polishExcelCsv = (rows: string[][]): Buffer => cp1250(rows.map((r) => r.join(';')).join('\r\n'));
