import type { CurrentUserView } from '@depot/contracts';
import { createStore } from 'jotai';
import { currentUserAtom } from './session';
import { loadCurrentUser } from './useSessionActions';

/** A current user as the API sends it (the client checks replies against the contract). */
const USER: CurrentUserView = {
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
  permissions: ['account.read'],
  sessionValidUntil: '2099-01-01T00:00:00.000Z',
  clientDisableNewOrders: false,
};

/** What the api client reads of a fetch reply. */
const ok = (body: unknown) => ({ ok: true, status: 200, text: async () => JSON.stringify(body) });

describe('loadCurrentUser', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  it('shares one request between concurrent callers (sign-in and the session guard), then asks again later', async () => {
    let answer!: (r: ReturnType<typeof ok>) => void;
    // The request goes out once the typed client has loaded (it is imported on the first call).
    const asked = new Promise<void>((called) =>
      fetchMock.mockImplementationOnce(() => {
        called();
        return new Promise((resolve) => (answer = resolve));
      }),
    );
    const store = createStore();
    const first = loadCurrentUser(store);
    const second = loadCurrentUser(store);
    expect(second).toBe(first);
    const user = USER;
    await asked;
    answer(ok(user));
    await expect(first).resolves.toMatchObject(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(store.get(currentUserAtom)).toMatchObject(user);

    fetchMock.mockResolvedValueOnce(ok({ ...user, lang: 'en' }));
    await expect(loadCurrentUser(store)).resolves.toMatchObject({ lang: 'en' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
