import { CATALOGUE } from '@depot/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router';
import { languageAtom } from '../i18n/language';
import { RequireSession } from './RequireSession';
import { accessDisabledAtom, currentUserAtom, sessionAtom } from './session';

const { en } = CATALOGUE;

const USER_ID = 'aaaaaaaa-0000-4000-8000-000000000001';
/** A current user as the API sends it (the client checks replies against the contract). */
const USER = {
  id: USER_ID,
  email: 'a@b.pl',
  firstName: 'Ala',
  lastName: 'Nowak',
  role: 'user',
  lang: 'pl',
  clientId: 'cccccccc-0000-4000-8000-000000000001',
  clientName: 'Shop',
  disableNewOrders: false,
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  permissions: ['account.read'],
  sessionValidUntil: '2099-01-01T00:00:00.000Z',
  clientDisableNewOrders: false,
};

/** What the API client reads of a fetch Response. */
function reply(status: number, body: unknown) {
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    text: () => Promise.resolve(JSON.stringify(body)),
  });
}

function renderAt(store: ReturnType<typeof createStore>) {
  return render(
    <Provider store={store}>
      <IntlProvider locale="en" messages={en}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/auth/sign-in" element={<div data-testid="sign-in-page" />} />
            <Route element={<RequireSession />}>
              <Route path="/" element={<div data-testid="inside" />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

describe('RequireSession', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const signedIn = (validUntil = new Date(Date.now() + 3_600_000)) => {
    const store = createStore();
    store.set(sessionAtom, { token: 't', validUntil });
    return store;
  };

  it('without a session goes to sign-in', async () => {
    renderAt(createStore());
    expect(await screen.findByTestId('sign-in-page')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the current user, then shows the page and applies the saved language', async () => {
    fetchMock.mockImplementation(() => reply(200, USER));
    const store = signedIn();
    renderAt(store);
    expect(await screen.findByTestId('inside')).toBeTruthy();
    expect(store.get(currentUserAtom)?.id).toBe(USER_ID);
    expect(store.get(languageAtom)).toBe('pl');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/get/current');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined(); // no cookie in this jsdom
  });

  it('shows only the access-disabled page when the API answers AccessDisabled', async () => {
    fetchMock.mockImplementation(() =>
      reply(403, {
        statusCode: 403,
        error: 'AccessDisabled',
        message: 'Access to the panel has been disabled.',
      }),
    );
    const store = signedIn();
    renderAt(store);
    expect(await screen.findByTestId('page-access-disabled')).toBeTruthy();
    expect(screen.queryByTestId('inside')).toBeNull();
    expect(store.get(accessDisabledAtom)).toBe(true);
    expect(screen.getByText(en['accessDisabled.title'])).toBeTruthy();
  });

  it('a 401 from the API ends the session and goes to sign-in', async () => {
    fetchMock.mockImplementation(() =>
      reply(401, { statusCode: 401, error: 'Unauthorized', message: 'nope' }),
    );
    const store = signedIn();
    renderAt(store);
    expect(await screen.findByTestId('sign-in-page')).toBeTruthy();
    await waitFor(() => expect(store.get(sessionAtom)).toBeNull());
  });

  it('ends the session when its 24-hour timer runs out', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      fetchMock.mockImplementation(() => reply(200, USER));
      const store = signedIn(new Date(Date.now() + 86_400_000));
      renderAt(store);
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(screen.getByTestId('inside')).toBeTruthy();
      await act(() => jest.advanceTimersByTimeAsync(86_400_000));
      expect(screen.getByTestId('sign-in-page')).toBeTruthy();
      expect(store.get(sessionAtom)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
