import { IMPORT_COLUMNS, LANGUAGES, createParcelSchema } from '@depot/contracts';
import {
  columnMapFits,
  columnOfHeader,
  columnOfPath,
  duplicateRowsInFile,
  importHeader,
  missingColumns,
  recognizeColumns,
  rowBody,
} from './imports';

describe('shipment file columns', () => {
  it.each(LANGUAGES)('recognises every template header in %s, whatever the case and spacing', (lang) => {
    for (const column of IMPORT_COLUMNS) {
      const header = importHeader(column, lang);
      expect(columnOfHeader(header)).toBe(column);
      expect(columnOfHeader(`  ${header.toUpperCase()} `)).toBe(column);
    }
  });

  it.each([
    ['Waga', 'weightKg'],
    ['waga [kg]', 'weightKg'],
    ['Kod pocztowy', 'recipientZipCode'],
    ['KOD POCZTOWY ODBIORCY', 'recipientZipCode'],
    ['Miejscowość', 'recipientCity'],
    ['Miejscowosc', 'recipientCity'],
    ['E-mail', 'recipientEmail'],
    ['Nr zamówienia', 'referenceNumber'],
    ['Numer budynku odbiorcy', 'recipientBuilding'],
    ['Pobranie', 'codAmount'],
    ['Paczkomat', 'dropOffPoint'],
    ['Country', 'recipientCountry'],
  ])('recognises %s as %s', (header, column) => {
    expect(columnOfHeader(header)).toBe(column);
  });

  it.each(['', 'Kolumna 7', 'SKU', 'Numer'])('leaves %p for the user to map', (header) => {
    expect(columnOfHeader(header)).toBeNull();
  });

  it('maps each field to its first recognised column, and names the required ones missing', () => {
    const map = recognizeColumns(['Nazwa odbiorcy', 'SKU', 'Waga (kg)', 'waga', 'Kraj']);
    expect(map).toEqual({ recipientName: 0, weightKg: 2, recipientCountry: 4 });
    expect(missingColumns(map)).toEqual([
      'recipientStreet',
      'recipientBuilding',
      'recipientCity',
      'recipientZipCode',
    ]);
  });

  it('a mapping fits when every index is a column of the file, used once', () => {
    expect(columnMapFits({ weightKg: 0, recipientName: 1 }, 2)).toBe(true);
    expect(columnMapFits({ weightKg: 2 }, 2)).toBe(false);
    expect(columnMapFits({ weightKg: -1 }, 2)).toBe(false);
    expect(columnMapFits({ weightKg: 0.5 }, 2)).toBe(false);
    expect(columnMapFits({ weightKg: 1, recipientName: 1 }, 2)).toBe(false);
  });
});

describe('rowBody: a row as the parcel form sends it', () => {
  const headers = [
    'Numer referencyjny',
    'Nazwa odbiorcy',
    'Ulica odbiorcy',
    'Numer budynku odbiorcy',
    'Miasto odbiorcy',
    'Kod pocztowy odbiorcy',
    'Kraj odbiorcy',
    'Waga (kg)',
    'Kwota pobrania',
    'Waluta pobrania',
    'Liczba paczek',
  ];
  const map = recognizeColumns(headers);

  it('fills the body; the schema reads the decimal comma and the country name', () => {
    const cells = [
      'ZAM/1',
      'Łukasz Żółć',
      'Świętokrzyska',
      '12/3',
      'Łódź',
      '90-001',
      'Polska',
      '2,5',
      '149,99',
      'PLN',
      '2',
    ];
    const body = rowBody(cells, map);
    expect(body).toEqual({
      referenceNumber: 'ZAM/1',
      weightKg: '2,5',
      packageCount: '2',
      destinationAddress: {
        name: 'Łukasz Żółć',
        street: 'Świętokrzyska',
        building: '12/3',
        city: 'Łódź',
        zipCode: '90-001',
        country: 'PL',
      },
      cod: { amountCOD: '149,99', codCurrency: 'PLN' },
    });
    const parsed = createParcelSchema.parse(body);
    expect(parsed.weightKg).toBe('2.500');
    expect(parsed.cod).toEqual({ amountCOD: '149.99', codCurrency: 'PLN' });
    expect(parsed.packageCount).toBe(2);
  });

  it.each([
    ['Niemcy', 'DE'],
    ['Germany', 'DE'],
    ['de', 'DE'],
    ['Czech Republic', 'CZ'],
  ])('takes the country %s as %s', (name, code) => {
    const cells = ['', 'A', 'B', '1', 'C', '1', name, '1'];
    expect(rowBody(cells, map).destinationAddress?.country).toBe(code);
  });

  it('passes an unknown country on as written, so the schema refuses it', () => {
    const body = rowBody(['', 'A', 'B', '1', 'C', '1', 'Narnia', '1'], map);
    expect(body.destinationAddress?.country).toBe('Narnia');
    expect(createParcelSchema.safeParse(body).success).toBe(false);
  });

  it('leaves blank cells out and has no address when no recipient cell is given', () => {
    expect(rowBody(['R1', '', ' ', '', '', '', '', '3'], map)).toEqual({
      referenceNumber: 'R1',
      weightKg: '3',
    });
  });

  it.each([
    ['-1', 'weightKg'],
    ['abc', 'weightKg'],
  ])('a bad weight %p is refused by the form schema at weightKg', (weight, path) => {
    const result = createParcelSchema.safeParse(rowBody(['', 'A', 'B', '1', 'C', '1', 'PL', weight], map));
    expect([...new Set(result.error?.issues.map((i) => i.path.join('.')))]).toEqual([path]);
  });
});

describe('columnOfPath', () => {
  it.each([
    ['destinationAddress.zipCode', 'recipientZipCode'],
    ['destinationAddress.country', 'recipientCountry'],
    ['cod.amountCOD', 'codAmount'],
    ['cod.codCurrency', 'codCurrency'],
    ['insurance.amount', 'insuranceAmount'],
    ['weightKg', 'weightKg'],
    ['destinationAddress.phone', 'recipientPhone'],
    ['sizeCmL', 'sizeCmL'],
    ['pickupAddress.city', null],
    ['orderType', null],
    ['', null],
    ['constructor', null],
    ['destinationAddress.nothing', null],
    ['destinationAddress.constructor', null],
    ['destinationAddress.toString', null],
  ])('%s → %s', (path, column) => {
    expect(columnOfPath(path)).toBe(column);
  });
});

describe('duplicateRowsInFile', () => {
  it('marks later rows that repeat a reference or an external number, case and spaces aside', () => {
    const dup = duplicateRowsInFile([
      { row: 2, referenceNumber: 'A1', externalNumber: null },
      { row: 3, referenceNumber: 'B1', externalNumber: 'X9' },
      { row: 4, referenceNumber: ' a1 ', externalNumber: null },
      { row: 5, referenceNumber: null, externalNumber: 'x9' },
      { row: 6, referenceNumber: 'X9', externalNumber: null },
      { row: 7, referenceNumber: '', externalNumber: '' },
      { row: 8, referenceNumber: '', externalNumber: '' },
    ]);
    expect([...dup]).toEqual([
      [4, 2],
      [5, 3],
    ]);
  });

  it('finds a number repeated across parts of a file checked part by part, given the same map', () => {
    const seen = new Map<string, number>();
    expect([...duplicateRowsInFile([{ row: 2, referenceNumber: 'A1', externalNumber: 'E1' }], seen)]).toEqual(
      [],
    );
    expect([
      ...duplicateRowsInFile(
        [
          { row: 3, referenceNumber: 'b1', externalNumber: null },
          { row: 4, referenceNumber: null, externalNumber: 'e1' },
        ],
        seen,
      ),
    ]).toEqual([[4, 2]]);
    expect([
      ...duplicateRowsInFile([{ row: 5, referenceNumber: ' B1', externalNumber: null }], seen),
    ]).toEqual([[5, 3]]);
    // Without the map each part stands alone.
    expect([...duplicateRowsInFile([{ row: 5, referenceNumber: 'B1', externalNumber: null }])]).toEqual([]);
  });
});
