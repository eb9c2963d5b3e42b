import type { CurrentUserView } from '@depot/contracts';
import { ordersBlocked } from './ordersBlocked';

const STAFF: CurrentUserView = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  email: 'anna@depot.test',
  firstName: 'Anna',
  lastName: 'Nowak',
  role: 'admin',
  lang: 'pl',
  clientId: null,
  clientName: null,
  disableNewOrders: false,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  permissions: ['parcels.create'],
  sessionValidUntil: '2099-01-01T00:00:00.000Z',
  clientDisableNewOrders: false,
};
const CLIENT_USER: CurrentUserView = {
  ...STAFF,
  role: 'user',
  clientId: 'bbbbbbbb-0000-4000-8000-000000000001',
  clientName: 'Shop',
};

describe('ordersBlocked (SPEC 2, decision 0115)', () => {
  it('nobody signed in, or nothing blocked: not blocked', () => {
    expect(ordersBlocked(null)).toBe(false);
    expect(ordersBlocked(STAFF)).toBe(false);
    expect(ordersBlocked(CLIENT_USER)).toBe(false);
  });
  it("the user's own flag blocks staff and client users", () => {
    expect(ordersBlocked({ ...STAFF, disableNewOrders: true })).toBe(true);
    expect(ordersBlocked({ ...CLIENT_USER, disableNewOrders: true })).toBe(true);
  });
  it("the client's flag blocks that client's users; staff learn a client's block from its defaults", () => {
    expect(ordersBlocked({ ...CLIENT_USER, clientDisableNewOrders: true })).toBe(true);
    expect(ordersBlocked({ ...STAFF, clientDisableNewOrders: true })).toBe(false);
  });
});
