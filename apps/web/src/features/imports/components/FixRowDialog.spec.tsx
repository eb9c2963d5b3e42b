import { CATALOGUE, MESSAGES, type ImportRowView } from '@depot/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { importsApi } from '../api';
import { FixRowDialog } from './FixRowDialog';

jest.mock('../api', () => ({ importsApi: { fixRow: jest.fn() } }));
jest.mock('../../../ui/toaster', () => ({ showToast: jest.fn(() => Promise.resolve()) }));
const fixRow = importsApi.fixRow as jest.MockedFunction<typeof importsApi.fixRow>;

const IMPORT = {
  id: '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  headers: ['Nazwa odbiorcy', 'Kraj odbiorcy', 'Waga (kg)'],
};

const row = (over: Partial<ImportRowView>): ImportRowView => ({
  id: '0e6f1c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  importId: IMPORT.id,
  row: 3,
  rawData: ['Łukasz Żółć', 'Atlantyda'],
  state: 'invalid',
  errorMessage: MESSAGES.validation.routingCountryUnsupported,
  errors: [
    { path: 'Kraj odbiorcy', message: MESSAGES.validation.routingCountryUnsupported },
    { path: '', message: MESSAGES.importDuplicateInDatabase },
  ],
  referenceNumber: null,
  externalNumber: null,
  parcelId: null,
  externalTrackingNumber: null,
  updatedAt: '2026-03-02T09:30:00.000Z',
  ...over,
});

function renderIn(lang: 'en' | 'pl', r: ImportRowView) {
  const saved = jest.fn();
  const closed = jest.fn();
  render(
    <IntlProvider locale={lang} messages={CATALOGUE[lang]}>
      <FixRowDialog imp={IMPORT} row={r} onSaved={saved} onClose={closed} />
    </IntlProvider>,
  );
  return { saved, closed };
}

describe('FixRowDialog', () => {
  beforeEach(() => fixRow.mockReset());

  it("gives one field per file column under its header, with the errors that name it in the reader's language", () => {
    renderIn('pl', row({}));
    expect(screen.getByText('Popraw wiersz 3')).toBeTruthy();
    expect((screen.getByLabelText('Nazwa odbiorcy') as HTMLInputElement).value).toBe('Łukasz Żółć');
    const country = screen.getByLabelText('Kraj odbiorcy') as HTMLInputElement;
    expect(country.value).toBe('Atlantyda');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('import-fix-1-error').textContent).toBe(
      CATALOGUE.pl['validation.routingCountryUnsupported'],
    );
    // A column the file had no cell for starts blank; the row's own errors stand above the fields.
    expect((screen.getByLabelText('Waga (kg)') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('import-fix-general').textContent).toBe(
      CATALOGUE.pl['server.importDuplicateInDatabase'],
    );
  });

  it("names a field the file has no column for by the template's header, in the reader's language", () => {
    renderIn('pl', row({ errors: [{ path: 'sizeCmL', message: MESSAGES.validation.lengthRequired }] }));
    expect(screen.getByTestId('import-fix-general').textContent).toBe(
      `${CATALOGUE.pl['imports.column.sizeCmL']}: ${CATALOGUE.pl['validation.lengthRequired']}`,
    );
  });

  it('sends the cells as fixed; a row valid now closes the dialog', async () => {
    const valid = row({ rawData: ['Łukasz Żółć', 'Polska', '2,5'], state: 'valid', errors: [] });
    fixRow.mockResolvedValue(valid);
    const { saved, closed } = renderIn('en', row({}));
    fireEvent.change(screen.getByLabelText('Kraj odbiorcy'), { target: { value: 'Polska' } });
    fireEvent.change(screen.getByLabelText('Waga (kg)'), { target: { value: '2,5' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('import-fix-save'));
    });
    expect(fixRow).toHaveBeenCalledWith(IMPORT.id, valid.id, ['Łukasz Żółć', 'Polska', '2,5']);
    expect(saved).toHaveBeenCalledWith(valid);
    expect(closed).toHaveBeenCalled();
  });

  it('stays open on a row that still has errors, showing them', async () => {
    const still = row({
      rawData: ['Łukasz Żółć', 'Polska', ''],
      errors: [{ path: 'Waga (kg)', message: MESSAGES.validation.routeWeightRequired }],
    });
    fixRow.mockResolvedValue(still);
    const { saved, closed } = renderIn('en', row({}));
    await act(async () => {
      fireEvent.click(screen.getByTestId('import-fix-save'));
    });
    expect(saved).toHaveBeenCalledWith(still);
    expect(closed).not.toHaveBeenCalled();
    expect(screen.getByTestId('import-fix-2-error').textContent).toBe(
      CATALOGUE.en['validation.routeWeightRequired'],
    );
    expect(screen.queryByTestId('import-fix-1-error')).toBeNull();
    expect(screen.queryByTestId('import-fix-general')).toBeNull();
  });
});
