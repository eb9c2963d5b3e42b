import { CATALOGUE } from '@depot/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { updateMatrixSchema } from '@depot/contracts';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useZodForm } from '../../../ui/useZodForm';
import { emptyMatrixForm, type MatrixFormValues } from '../matrixFormValues';
import { MatrixForm } from './MatrixForm';

const { en, pl } = CATALOGUE;

function EditForm({ savedName }: { savedName?: string }) {
  const form = useZodForm(updateMatrixSchema, { ...emptyMatrixForm(), name: 'Nordic' } as MatrixFormValues);
  return (
    <MatrixForm
      form={form as never}
      operators={[]}
      isCurrentDefault={false}
      savedName={savedName}
      busy={false}
      failure={null}
      onSubmit={() => undefined}
      onCancel={() => undefined}
    />
  );
}

/** Renders the form and lets Blueprint's icons finish loading (they update state once their paths arrive). */
async function renderIn(messages: Record<string, string>, locale: string, savedName?: string) {
  render(
    <IntlProvider locale={locale} messages={messages}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/', element: <EditForm savedName={savedName} /> }])}
      />
    </IntlProvider>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('MatrixForm: renaming', () => {
  it.each([
    [en, 'en', 'Clients that name “Nordic” as their domestic or return matrix will name the new title'],
    [pl, 'pl', 'Klienci, którzy wskazują „Nordic” jako matrycę krajową lub zwrotną, otrzymają nową nazwę'],
  ])('says that clients follow a new name (%#)', async (messages, locale, says) => {
    await renderIn(messages, locale, 'Nordic');
    expect(screen.queryByTestId('matrix-rename-note')).toBeNull();
    fireEvent.change(screen.getByTestId('matrix-name'), { target: { value: 'Nordic 2026' } });
    expect(screen.getByTestId('matrix-rename-note').textContent).toContain(says);
    // Only spaces around the same name: not a rename.
    fireEvent.change(screen.getByTestId('matrix-name'), { target: { value: ' Nordic ' } });
    expect(screen.queryByTestId('matrix-rename-note')).toBeNull();
  });

  it('says nothing on the create screen (no saved name)', async () => {
    await renderIn(en, 'en');
    fireEvent.change(screen.getByTestId('matrix-name'), { target: { value: 'Nordic 2026' } });
    expect(screen.queryByTestId('matrix-rename-note')).toBeNull();
  });
});
