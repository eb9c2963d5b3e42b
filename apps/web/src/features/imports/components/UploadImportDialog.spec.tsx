import {
  CATALOGUE,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportHeadersReply,
  type ImportView,
} from '@depot/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { ApiError } from '../../../api/errors';
import { importsApi } from '../api';
import { UploadImportDialog } from './UploadImportDialog';

jest.mock('../api', () => ({
  importsApi: {
    headers: jest.fn(),
    upload: jest.fn(),
    savePreset: jest.fn(),
    deletePreset: jest.fn(),
    template: jest.fn(),
  },
}));
jest.mock('../../../ui/toaster', () => ({ showToast: jest.fn(() => Promise.resolve()) }));
const api = importsApi as jest.Mocked<typeof importsApi>;

const PRESET_ID = '5d0c3f7e-2b1a-4c5d-8e9f-0a1b2c3d4e5f';
const HEADERS = ['Nr zam.', 'Klient', 'Ulica i nr', 'Dom', 'Miasto', 'PNA', 'Państwo', 'Kg'];
const SHOP_MAP = {
  referenceNumber: 0,
  recipientName: 1,
  recipientStreet: 2,
  recipientBuilding: 3,
  recipientCity: 4,
  recipientZipCode: 5,
  recipientCountry: 6,
  weightKg: 7,
};
const reply = (over: Partial<ImportHeadersReply> = {}): ImportHeadersReply => ({
  kind: 'csv',
  encoding: 'windows-1250',
  delimiter: ';',
  headers: HEADERS,
  sample: [
    ['Z/1', 'Łukasz Żółć', 'Świętokrzyska', '12', 'Łódź', '90-001', 'PL', '2,5'],
    ['Z/2', 'Zofia Gęś', 'Piękna', '7', 'Kraków', '30-001', 'PL', '1'],
  ],
  recognized: { recipientCity: 4 },
  missing: [
    'recipientName',
    'recipientStreet',
    'recipientBuilding',
    'recipientZipCode',
    'recipientCountry',
    'weightKg',
  ],
  presets: [],
  ...over,
});

function open(lang: 'en' | 'pl' = 'en') {
  const uploaded = jest.fn();
  render(
    <IntlProvider locale={lang} messages={CATALOGUE[lang]}>
      <UploadImportDialog isOpen staff={false} client={null} onClose={jest.fn()} onUploaded={uploaded} />
    </IntlProvider>,
  );
  return { uploaded };
}

const file = new File(['x'], 'sklep.csv', { type: 'text/csv' });
async function choose() {
  await act(async () => {
    fireEvent.change(screen.getByTestId('import-upload-file'), { target: { files: [file] } });
  });
}
const select = (column: string) => screen.getByTestId(`import-map-${column}`) as HTMLSelectElement;
const submit = () => screen.getByTestId('import-upload-submit') as HTMLButtonElement;

describe('UploadImportDialog: the mapping step', () => {
  beforeEach(() => jest.clearAllMocks());

  it("reads the file's columns, offers each field every column with its first values, and waits for the required ones", async () => {
    api.headers.mockResolvedValue(reply());
    open('pl');
    await choose();
    expect(api.headers).toHaveBeenCalledWith(file, null);
    const mapping = screen.getByTestId('import-mapping');
    // Every field, the required ones marked, pre-filled from the recognised headers.
    expect(within(mapping).getAllByRole('combobox')).toHaveLength(IMPORT_COLUMNS.length + 1);
    expect(
      screen.getByLabelText(
        `${CATALOGUE.pl['imports.column.weightKg']} ${CATALOGUE.pl['imports.mapping.required']}`,
      ),
    ).toBe(select('weightKg'));
    expect(screen.getByLabelText(CATALOGUE.pl['imports.column.note1'])).toBe(select('note1'));
    expect(select('recipientCity').value).toBe('4');
    expect(screen.getByTestId('import-map-sample-recipientCity').textContent).toBe('Łódź · Kraków');
    expect([...select('weightKg').options].map((o) => o.textContent)).toEqual([
      CATALOGUE.pl['imports.mapping.none'],
      ...HEADERS.map((h, i) => `Kolumna ${i + 1}: ${h}`),
    ]);
    // The upload waits, saying for which fields.
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('import-mapping-missing').textContent).toContain(
      [
        'recipientName',
        'recipientStreet',
        'recipientBuilding',
        'recipientZipCode',
        'recipientCountry',
        'weightKg',
      ]
        .map((c) => CATALOGUE.pl[`imports.column.${c as ImportColumn}`])
        .join(', '),
    );
  });

  it('a column chosen for a field leaves the field that had it; once every required field has one, the upload sends the mapping', async () => {
    api.headers.mockResolvedValue(reply());
    api.upload.mockResolvedValue({
      id: 'i',
      fileName: 'sklep.csv',
      invalidRows: 0,
      totalRows: 2,
    } as ImportView);
    const { uploaded } = open();
    await choose();
    fireEvent.change(select('recipientName'), { target: { value: '4' } });
    expect(select('recipientCity').value).toBe('');
    expect(screen.getByTestId('import-map-sample-recipientName').textContent).toBe('Łódź · Kraków');
    for (const [column, index] of Object.entries(SHOP_MAP))
      fireEvent.change(select(column), { target: { value: String(index) } });
    expect(screen.queryByTestId('import-mapping-missing')).toBeNull();
    expect(submit().disabled).toBe(false);
    // A required field taken back: waiting again.
    fireEvent.change(select('weightKg'), { target: { value: '' } });
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('import-mapping-missing').textContent).toContain(
      CATALOGUE.en['imports.column.weightKg'],
    );
    fireEvent.change(select('weightKg'), { target: { value: '7' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(api.upload).toHaveBeenCalledWith(file, null, SHOP_MAP);
    expect(uploaded).toHaveBeenCalled();
  });

  it('a preset that fits fills the mapping; the recognised headers come back; the mapping is saved as a preset by name', async () => {
    api.headers.mockResolvedValue(
      reply({ presets: [{ id: PRESET_ID, name: 'Sklep', columnMap: SHOP_MAP }] }),
    );
    open();
    await choose();
    const presets = screen.getByLabelText(CATALOGUE.en['imports.mapping.preset']) as HTMLSelectElement;
    expect([...presets.options].map((o) => o.textContent)).toEqual([
      CATALOGUE.en['imports.mapping.recognized'],
      'Sklep',
    ]);
    fireEvent.change(presets, { target: { value: PRESET_ID } });
    expect(select('weightKg').value).toBe('7');
    expect(submit().disabled).toBe(false);
    fireEvent.change(presets, { target: { value: '' } });
    expect(select('weightKg').value).toBe('');
    expect(select('recipientCity').value).toBe('4');

    // Saving asks for a name first; then sends each mapped field with its column's header.
    fireEvent.change(presets, { target: { value: PRESET_ID } });
    fireEvent.change(select('referenceNumber'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('import-preset-save'));
    });
    expect(screen.getByTestId('import-preset-error').textContent).toBe(
      CATALOGUE.en['server.importPresetName'],
    );
    expect(api.savePreset).not.toHaveBeenCalled();
    const saved = { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Nowy sklep' };
    api.savePreset.mockResolvedValue({ ...saved, clientId: 'c', columns: {}, createdAt: '', updatedAt: '' });
    fireEvent.change(screen.getByLabelText(CATALOGUE.en['imports.mapping.presetName']), {
      target: { value: ' Nowy sklep ' },
    });
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId('import-preset-name'), { key: 'Enter' });
    });
    const { referenceNumber: _gone, ...rest } = SHOP_MAP;
    expect(api.savePreset).toHaveBeenCalledWith({
      name: 'Nowy sklep',
      columns: Object.fromEntries(Object.entries(rest).map(([c, i]) => [c, HEADERS[i]])),
    });
    expect(screen.queryByTestId('import-preset-error')).toBeNull();
    // Offered and chosen at once.
    expect(presets.value).toBe(saved.id);
    expect([...presets.options].map((o) => o.textContent)).toEqual([
      CATALOGUE.en['imports.mapping.recognized'],
      'Nowy sklep',
      'Sklep',
    ]);

    // Deleting the chosen preset: no longer offered, the columns it chose stay.
    api.deletePreset.mockResolvedValue(undefined as never);
    const remove = screen.getByTestId('import-preset-delete');
    expect(remove.textContent).toBe('Delete preset Nowy sklep');
    await act(async () => {
      fireEvent.click(remove);
    });
    expect(api.deletePreset).toHaveBeenCalledWith(saved.id);
    expect(presets.value).toBe('');
    expect([...presets.options].map((o) => o.textContent)).toEqual([
      CATALOGUE.en['imports.mapping.recognized'],
      'Sklep',
    ]);
    expect(select('weightKg').value).toBe('7');
    expect(screen.queryByTestId('import-preset-delete')).toBeNull();
  });

  it('a file the API refuses says why and cannot be uploaded', async () => {
    api.headers.mockRejectedValue(
      new ApiError(400, {
        statusCode: 400,
        error: 'ValidationError',
        message: 'The file has headers but no shipments.',
      }),
    );
    open('pl');
    await choose();
    expect(screen.getByTestId('import-upload-failure').textContent).toBe(
      CATALOGUE.pl['server.importHeadersOnly'],
    );
    expect(screen.queryByTestId('import-mapping')).toBeNull();
    expect(submit().disabled).toBe(true);
  });
});
