import { CATALOGUE, type ImportView } from '@depot/contracts';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ImportSummary } from './ImportSummary';

const IMPORT: ImportView = {
  id: '3f2b8c1e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  clientId: '00000000-0000-4000-8000-000000000001',
  clientName: 'Sklep Łódź',
  fileName: 'przesyłki.csv',
  kind: 'csv',
  encoding: 'windows-1250',
  delimiter: ';',
  headers: ['Nazwa odbiorcy', 'Waga (kg)'],
  columnMap: { recipientName: 0, weightKg: 1 },
  state: 'ready',
  totalRows: 1234,
  validRows: 1200,
  invalidRows: 34,
  createdRows: 0,
  errorMessage: null,
  createdBy: 'Anna Nowak',
  jobId: null,
  createdAt: '2026-03-02T09:30:00.000Z',
  updatedAt: '2026-03-02T09:30:05.000Z',
  finishedAt: null,
};

function renderIn(lang: 'en' | 'pl', imp: ImportView) {
  const errors: unknown[] = [];
  render(
    <IntlProvider locale={lang} messages={CATALOGUE[lang]} onError={(e) => errors.push(e)}>
      <ImportSummary imp={imp} />
    </IntlProvider>,
  );
  return errors;
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

describe('ImportSummary', () => {
  it.each([
    ['en', 'Windows-1250 (Polish Excel)', 'Semicolon (;)', 'Waiting for approval', '1,234'],
    ['pl', 'Windows-1250 (polski Excel)', 'Średnik (;)', 'Czeka na zatwierdzenie', '1234'],
  ] as const)('says how a CSV was read, in words, in %s', (lang, encoding, delimiter, state, total) => {
    expect(renderIn(lang, IMPORT)).toEqual([]);
    expect(shown('import-file-name')).toBe('przesyłki.csv');
    expect(shown('import-client')).toBe('Sklep Łódź');
    expect(shown('import-encoding')).toBe(encoding);
    expect(shown('import-delimiter')).toBe(delimiter);
    expect(shown('import-state-summary')).toBe(state);
    expect(shown('import-total')).toBe(total);
    expect(shown('import-invalid')).toBe('34');
    expect(shown('import-created-by')).toBe('Anna Nowak');
    // Warsaw time (UTC+1 in March).
    expect(shown('import-created-at')).toBe('2026-03-02 10:30');
  });

  it('names a workbook by its kind, without an encoding or a separator', () => {
    renderIn('en', {
      ...IMPORT,
      kind: 'xlsx',
      encoding: 'utf-8',
      delimiter: null,
      fileName: 'shipments.xlsx',
    });
    expect(shown('import-kind')).toBe('Excel workbook (.xlsx)');
    expect(screen.queryByTestId('import-encoding')).toBeNull();
    expect(screen.queryByTestId('import-delimiter')).toBeNull();
  });

  it('shows how far the parcels are created while the import is approved', () => {
    renderIn('en', { ...IMPORT, state: 'approving', validRows: 600, createdRows: 600 });
    expect(shown('import-state-summary')).toBe('Creating parcels 50%');
  });
});
