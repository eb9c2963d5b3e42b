import { expect, type APIRequestContext } from '@playwright/test';
import type { ClientView } from '@depot/contracts';
import { uniqueTag, type DepotApi } from './api';

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
