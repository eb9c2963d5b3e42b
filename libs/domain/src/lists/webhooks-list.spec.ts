import type { WebhookDeliveryView, WebhookView } from '@depot/contracts';
import { webhookDeliveriesListSpec, webhooksListSpec } from './webhooks-list';

const C1 = 'cccccccc-0000-4000-8000-000000000001';
const C2 = 'cccccccc-0000-4000-8000-000000000002';
const E1 = 'eeeeeeee-0000-4000-8000-000000000001';
const E2 = 'eeeeeeee-0000-4000-8000-000000000002';

const endpoint = (id: string, url: string, clientId: string, active: boolean, createdAt: string) =>
  ({ id, url, clientId, active, createdAt }) as WebhookView;

describe('webhooks list spec', () => {
  const rows = [
    endpoint('1', 'https://Shop.example.com/hooks', C1, true, '2026-01-01T10:00:00.000Z'),
    endpoint('2', 'https://erp.example.com/100%', C1, false, '2026-01-02T10:00:00.000Z'),
    endpoint('3', 'https://warehouse.example.net/x', C2, true, '2026-01-03T10:00:00.000Z'),
  ];
  const ids = (f: Parameters<typeof webhooksListSpec.matches>[1]) =>
    rows.filter((r) => webhooksListSpec.matches(r, f)).map((r) => r.id);

  it('searches the URL in any case, literally; filters by state and client', () => {
    expect(ids({})).toEqual(['1', '2', '3']);
    expect(ids({ search: 'SHOP' })).toEqual(['1']);
    expect(ids({ search: '0%' })).toEqual(['2']);
    expect(ids({ search: '  ' })).toEqual(['1', '2', '3']);
    expect(ids({ active: false })).toEqual(['2']);
    expect(ids({ clientId: C2 })).toEqual(['3']);
    expect(ids({ clientId: C1, active: true, search: 'example.com' })).toEqual(['1']);
  });

  it('orders by creation or by URL in any case', () => {
    const sorted = (field: 'createdAt' | 'url', direction: 'asc' | 'desc') =>
      [...rows].sort((a, b) => webhooksListSpec.compare(a, b, { field, direction })).map((r) => r.id);
    expect(sorted('createdAt', 'desc')).toEqual(['3', '2', '1']);
    expect(sorted('url', 'asc')).toEqual(['2', '1', '3']);
  });
});

describe('webhook deliveries list spec', () => {
  const d = (id: string, endpointId: string, state: string, event: string, createdAt: string) =>
    ({ id, endpointId, state, event, createdAt }) as WebhookDeliveryView;
  const rows = [
    d('a', E1, 'delivered', 'parcel.created', '2026-01-01T10:00:00.000Z'),
    d('b', E1, 'failed', 'parcel.status_changed', '2026-01-01T11:00:00.000Z'),
    d('c', E2, 'pending', 'parcel.created', '2026-01-01T12:00:00.000Z'),
  ];
  const ids = (f: Parameters<typeof webhookDeliveriesListSpec.matches>[1]) =>
    rows.filter((r) => webhookDeliveriesListSpec.matches(r, f)).map((r) => r.id);

  it("keeps one endpoint's deliveries, by state and event", () => {
    expect(ids({ endpointId: E1 })).toEqual(['a', 'b']);
    expect(ids({ endpointId: E1, state: 'failed' })).toEqual(['b']);
    expect(ids({ event: 'parcel.created' })).toEqual(['a', 'c']);
  });

  it('newest first', () => {
    const sorted = [...rows]
      .sort((a, b) => webhookDeliveriesListSpec.compare(a, b, { field: 'createdAt', direction: 'desc' }))
      .map((r) => r.id);
    expect(sorted).toEqual(['c', 'b', 'a']);
  });
});
