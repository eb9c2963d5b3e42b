import { CATALOGUE, MESSAGES, type ImportView } from '@depot/contracts';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { ImportProgress } from './ImportProgress';

const CLIENT = '00000000-0000-4000-8000-000000000001';

const imp = (over: Partial<ImportView>) =>
  ({
    clientId: CLIENT,
    state: 'ready',
    validRows: 0,
    invalidRows: 0,
    createdRows: 0,
    errorMessage: null,
    ...over,
  }) as ImportView;

function renderIn(lang: 'en' | 'pl', view: ImportView, percent = 0, staff = false) {
  const errors: unknown[] = [];
  render(
    <MemoryRouter>
      <IntlProvider locale={lang} messages={CATALOGUE[lang]} onError={(e) => errors.push(e)}>
        <ImportProgress imp={view} percent={percent} staff={staff} />
      </IntlProvider>
    </MemoryRouter>,
  );
  return errors;
}

describe('ImportProgress', () => {
  it.each([
    ['en', 2, 1, '2 parcels created, 1 row failed.'],
    ['en', 1, 0, '1 parcel created, no row failed.'],
    ['pl', 2, 1, 'Utworzono 2 przesyłki, 1 wiersz odrzucono.'],
    ['pl', 5, 3, 'Utworzono 5 przesyłek, 3 wiersze odrzucono.'],
    ['pl', 1, 0, 'Utworzono 1 przesyłkę, żaden wiersz nie został odrzucony.'],
  ] as const)(
    'tells the result as SPEC 8 does, in %s: %s created, %s failed',
    (lang, created, failed, said) => {
      expect(renderIn(lang, imp({ state: 'done', createdRows: created, invalidRows: failed }))).toEqual([]);
      expect(screen.getByTestId('import-result').textContent).toContain(said);
    },
  );

  it('leads a client user to its parcels made from files', () => {
    renderIn('en', imp({ state: 'done', createdRows: 2 }));
    expect(screen.getByTestId('import-parcels-link').getAttribute('href')).toBe('/orders?sources=file');
  });

  it("leads staff to the parcels made from files of the import's client", () => {
    renderIn('en', imp({ state: 'done', createdRows: 2 }), 100, true);
    expect(screen.getByTestId('import-parcels-link').getAttribute('href')).toBe(
      `/orders?sources=file&clientId=${CLIENT}`,
    );
  });

  it('shows the parcels being created, live', () => {
    renderIn('pl', imp({ state: 'approving', createdRows: 40, validRows: 60 }), 40);
    expect(screen.getByTestId('import-progress').textContent).toContain(
      'Tworzenie przesyłek: 40 z 100 (40%)',
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it("says why an import failed, in the reader's language", () => {
    renderIn('pl', imp({ state: 'failed', errorMessage: MESSAGES.somethingWentWrong }));
    expect(screen.getByTestId('import-failed').textContent).toBe(
      `Import nie powiódł się: ${CATALOGUE.pl['server.somethingWentWrong']}`,
    );
  });
});
