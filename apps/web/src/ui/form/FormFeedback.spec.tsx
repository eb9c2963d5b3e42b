import { FormGroup, InputGroup } from '@blueprintjs/core';
import { CATALOGUE } from '@depot/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { z } from 'zod';
import { createMemoryRouter, Link, RouterProvider, type Location } from 'react-router';
import { FormFooter } from '../FormFooter';
import { useZodForm } from '../useZodForm';
import { fieldsInError } from './fieldsInError';
import { shouldAskBeforeLeaving } from './LeaveGuard';

const { en, pl } = CATALOGUE;
const toasts: string[] = [];
jest.mock('../toaster', () => ({
  showToast: (_kind: string, text: string) => void toasts.push(text),
}));

const SCHEMA = z.object({
  firstName: z.string().min(1, 'First name is required'),
  email: z.string().email('Must be a valid email'),
  password: z.string().min(12, 'Password must be at least 12 characters'),
});

const at = (pathname: string, search = ''): Location => ({
  pathname,
  search,
  hash: '',
  state: null,
  key: 'k',
});

/** Three fields, laid out so that the order of the form (email, then password, then first name) is not the
 * order of the schema (firstName first), to show the focus follows the form. */
function UserishForm(props: { onSave: () => Promise<void>; prefill?: boolean }) {
  const form = useZodForm(SCHEMA, {
    email: '',
    password: '',
    firstName: '',
  });
  const { fill } = form;
  // Values the form brings itself (as the parcel form's client defaults) are no change of the person's.
  useEffect(() => {
    if (props.prefill) fill((v) => ({ ...v, firstName: 'Prefilled' }));
  }, [props.prefill, fill]);
  const field = (name: 'email' | 'password' | 'firstName', label: string) => (
    <FormGroup label={label} labelFor={`f-${name}`} intent={form.intent(name)} helperText={form.error(name)}>
      <InputGroup
        id={`f-${name}`}
        value={form.values[name]}
        onValueChange={(v) => form.set(name, v)}
        data-testid={`f-${name}`}
      />
    </FormGroup>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (form.validate()) void form.run(props.onSave);
      }}
    >
      {field('email', 'Email')}
      {field('password', 'Password')}
      {field('firstName', 'First name')}
      <Link to="/elsewhere" data-testid="away">
        away
      </Link>
      <FormFooter
        form={form}
        busy={form.busy}
        failureTestId="fail"
        saveTestId="save"
        onCancel={() => undefined}
      />
    </form>
  );
}

async function renderForm(
  messages: Record<string, string>,
  locale: string,
  onSave = () => Promise.resolve(),
  prefill = false,
) {
  const router = createMemoryRouter([
    { path: '/', element: <UserishForm onSave={onSave} prefill={prefill} /> },
    { path: '/elsewhere', element: <p data-testid="elsewhere">elsewhere</p> },
  ]);
  render(
    <IntlProvider locale={locale} messages={messages}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return router;
}

/** Clicks and lets the router and the save settle. */
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};
const save = () => click('save');

// jsdom has no fetch Request; the data router builds one per navigation (read only by loaders, which these
// routes do not have).
beforeAll(() => {
  if (typeof globalThis.Request === 'undefined') {
    (globalThis as { Request?: unknown }).Request = class {
      readonly url: string;
      readonly method: string;
      readonly signal?: AbortSignal;
      constructor(url: string | URL, init?: { method?: string; signal?: AbortSignal }) {
        this.url = String(url);
        this.method = init?.method ?? 'GET';
        this.signal = init?.signal;
      }
    };
  }
});

beforeEach(() => {
  toasts.length = 0;
});

describe('a failed save is seen', () => {
  it.each([
    [en, 'en', 'Check the field: Email (and 2 more)', 'Check the field: Password'],
    [pl, 'pl', 'Sprawdź pole: Email (i jeszcze 2 pola)', 'Sprawdź pole: Password'],
  ])(
    'focuses and names the first field in error in the order of the form (%#)',
    async (m, locale, all, one) => {
      await renderForm(m, locale);
      await save();
      expect(document.activeElement).toBe(screen.getByTestId('f-email'));
      expect(toasts).toEqual([all]);
      // Email and first name fixed: password is now the first (and only) field in error.
      fireEvent.change(screen.getByTestId('f-email'), { target: { value: 'a@b.pl' } });
      fireEvent.change(screen.getByTestId('f-firstName'), { target: { value: 'Ala' } });
      await save();
      expect(document.activeElement).toBe(screen.getByTestId('f-password'));
      expect(toasts[1]).toBe(one);
    },
  );

  it('lists the fields in error in document order, not in the order they failed', () => {
    document.body.innerHTML = `
      <form>
        <div class="bp6-form-group bp6-intent-danger"><label>B</label><input id="b" /></div>
        <div class="bp6-form-group"><label>ok</label><input /></div>
        <div class="bp6-form-group bp6-intent-danger"><label>A</label><select id="a"></select></div>
      </form>`;
    const fields = fieldsInError(document.body);
    expect(fields.map((f) => f.label)).toEqual(['B', 'A']);
    expect(fields.map((f) => f.control?.id)).toEqual(['b', 'a']);
  });
});

describe('leaving a form with unsaved changes', () => {
  it('asks only with changes and only for another page', () => {
    expect(shouldAskBeforeLeaving(true, at('/a'), at('/b'))).toBe(true);
    expect(shouldAskBeforeLeaving(true, at('/a'), at('/a', '?x=1'))).toBe(true);
    expect(shouldAskBeforeLeaving(false, at('/a'), at('/b'))).toBe(false);
    expect(shouldAskBeforeLeaving(true, at('/a'), at('/a'))).toBe(false);
  });

  it('leaves without asking when nothing changed', async () => {
    await renderForm(en, 'en');
    await click('away');
    expect(screen.getByTestId('elsewhere')).toBeTruthy();
  });

  it('leaves without asking when only the form filled itself', async () => {
    const router = await renderForm(en, 'en', undefined, true);
    expect((screen.getByTestId('f-firstName') as HTMLInputElement).value).toBe('Prefilled');
    await click('away');
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks with changes: cancel stays, confirm leaves', async () => {
    const router = await renderForm(pl, 'pl');
    fireEvent.change(screen.getByTestId('f-email'), { target: { value: 'x' } });
    await click('away');
    expect(screen.getByText(pl['form.leaveMessage'])).toBeTruthy();
    await click('confirm-cancel');
    expect(router.state.location.pathname).toBe('/');
    await click('away');
    await click('confirm-ok');
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it('asks on closing the tab only while changes are unsaved', async () => {
    await renderForm(en, 'en');
    const unload = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(unload()).toBe(false);
    fireEvent.change(screen.getByTestId('f-email'), { target: { value: 'x' } });
    expect(unload()).toBe(true);
  });

  it('does not ask after a successful save that leaves', async () => {
    // The save leaves the page itself, as the create and edit screens do.
    const router = await renderForm(en, 'en', async () => {
      await router.navigate('/elsewhere');
    });
    fireEvent.change(screen.getByTestId('f-email'), { target: { value: 'a@b.pl' } });
    fireEvent.change(screen.getByTestId('f-password'), { target: { value: 'a-long-password-1' } });
    fireEvent.change(screen.getByTestId('f-firstName'), { target: { value: 'Ala' } });
    await save();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByText(en['form.leaveMessage'])).toBeNull();
  });
});
