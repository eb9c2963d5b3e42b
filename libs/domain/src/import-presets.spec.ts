import { IMPORT_COLUMNS, type ImportPresetColumns } from '@depot/contracts';
import {
  applyPreset,
  presetColumnsOf,
  presetFits,
  presetHeaderKey,
  repeatedPresetHeader,
} from './import-presets';

const SHOP_HEADERS = ['Nr zam.', 'Klient', 'Ulica i nr', 'Dom', 'Miasto', 'PNA', 'Państwo', 'Kg', 'Uwagi'];
const SHOP_PRESET: ImportPresetColumns = {
  referenceNumber: 'Nr zam.',
  recipientName: 'Klient',
  recipientStreet: 'Ulica i nr',
  recipientBuilding: 'Dom',
  recipientCity: 'Miasto',
  recipientZipCode: 'PNA',
  recipientCountry: 'Państwo',
  weightKg: 'Kg',
};

describe('column presets: a header as compared', () => {
  it.each([
    ['Waga', 'waga'],
    ['  Waga  ', 'waga'],
    ['WAGA (KG)', 'waga(kg)'],
    ['Waga\t(kg)', 'waga(kg)'],
    ['Waga\u00a0(kg)', 'waga(kg)'],
    ['\uFEFFNr zam.', 'nrzam.'],
    ['Kod\r\npocztowy', 'kodpocztowy'],
    ['ŁÓDŹ', 'łódź'],
    ['Zo\u0301fia', 'zófia'],
  ])('%p compares as %p', (header, key) => {
    expect(presetHeaderKey(header)).toBe(key);
  });

  it.each([
    ['Waga', 'Masa'],
    ['Łódź', 'Lodz'],
    ['Nr zam.', 'Nr zam'],
    ['Kg', 'Kg.'],
    ['Ulica-nr', 'Ulica nr'],
  ])('%p and %p are different headers (only case and spacing are forgiven)', (a, b) => {
    expect(presetHeaderKey(a)).not.toBe(presetHeaderKey(b));
  });
});

describe('column presets applied to a file', () => {
  it("maps each field to the column with the preset's header, in any order", () => {
    expect(applyPreset(SHOP_PRESET, SHOP_HEADERS)).toEqual({
      map: {
        referenceNumber: 0,
        recipientName: 1,
        recipientStreet: 2,
        recipientBuilding: 3,
        recipientCity: 4,
        recipientZipCode: 5,
        recipientCountry: 6,
        weightKg: 7,
      },
      absent: [],
    });
    const shuffled = ['Kg', 'Uwagi', 'PNA', 'Nr zam.', 'Państwo', 'Miasto', 'Dom', 'Ulica i nr', 'Klient'];
    expect(applyPreset(SHOP_PRESET, shuffled).map).toMatchObject({
      weightKg: 0,
      recipientZipCode: 2,
      recipientName: 8,
    });
  });

  it('forgives case and whitespace in the file and in the preset', () => {
    const headers = ['  NR ZAM. ', 'klient', 'Ulica  i\u00a0nr', 'DOM', 'miasto', 'pna', 'PAŃSTWO', ' kg'];
    expect(applyPreset(SHOP_PRESET, headers)).toEqual({
      map: expect.objectContaining({
        referenceNumber: 0,
        recipientStreet: 2,
        recipientCountry: 6,
        weightKg: 7,
      }),
      absent: [],
    });
    expect(applyPreset({ weightKg: ' KG ' }, SHOP_HEADERS).map).toEqual({ weightKg: 7 });
  });

  it('takes the first of two columns with the same header', () => {
    expect(applyPreset({ weightKg: 'Kg' }, ['Kg', 'kg', 'KG']).map).toEqual({ weightKg: 0 });
  });

  it('names the headers the file lacks (the preset does not fit) and maps the rest', () => {
    const headers = ['Klient', 'Miasto', 'Kg'];
    expect(applyPreset(SHOP_PRESET, headers)).toEqual({
      map: { recipientName: 0, recipientCity: 1, weightKg: 2 },
      absent: ['Nr zam.', 'Ulica i nr', 'Dom', 'PNA', 'Państwo'],
    });
    expect(presetFits(SHOP_PRESET, headers)).toBe(false);
    expect(presetFits(SHOP_PRESET, SHOP_HEADERS)).toBe(true);
    expect(presetFits(SHOP_PRESET, [...SHOP_HEADERS].reverse())).toBe(true);
  });

  it('never matches a blank header, nor one spelt otherwise', () => {
    expect(applyPreset({ note1: 'Uwagi' }, ['', ' ', 'Uwaga', 'Uwagi:'])).toEqual({
      map: {},
      absent: ['Uwagi'],
    });
    expect(presetFits({ weightKg: 'Waga' }, [])).toBe(false);
  });

  it('an empty preset fits any file and maps nothing', () => {
    expect(applyPreset({}, SHOP_HEADERS)).toEqual({ map: {}, absent: [] });
  });

  it('every field of the template can be named', () => {
    const all = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, `Kolumna ${c}`])) as ImportPresetColumns;
    const headers = IMPORT_COLUMNS.map((c) => `kolumna ${c.toUpperCase()}`).reverse();
    const { map, absent } = applyPreset(all, headers);
    expect(absent).toEqual([]);
    for (const [i, c] of IMPORT_COLUMNS.entries()) expect(map[c]).toBe(IMPORT_COLUMNS.length - 1 - i);
  });
});

describe('column presets made from a mapping', () => {
  it("records each mapped field with its column's header, and gives the same mapping back", () => {
    const map = { recipientName: 1, weightKg: 7, note1: 8 };
    const columns = presetColumnsOf(map, SHOP_HEADERS);
    expect(columns).toEqual({ recipientName: 'Klient', weightKg: 'Kg', note1: 'Uwagi' });
    expect(applyPreset(columns, SHOP_HEADERS)).toEqual({ map, absent: [] });
  });

  it('leaves out columns without a header and indexes beyond the file', () => {
    expect(presetColumnsOf({ recipientName: 0, weightKg: 1, note1: 5 }, ['Klient', '  '])).toEqual({
      recipientName: 'Klient',
    });
  });

  it('trims the headers it records', () => {
    expect(presetColumnsOf({ weightKg: 0 }, ['  Kg '])).toEqual({ weightKg: 'Kg' });
  });
});

describe('a header given to two fields', () => {
  it.each([
    [{ recipientName: 'Klient', recipientCity: 'klient ' }, 'klient '],
    [{ note1: 'Uwagi', note2: 'UWAGI' }, 'UWAGI'],
  ])('is found in %p', (columns, header) => {
    expect(repeatedPresetHeader(columns)).toBe(header);
  });

  it('is not there when every header differs', () => {
    expect(repeatedPresetHeader(SHOP_PRESET)).toBeNull();
    expect(repeatedPresetHeader({})).toBeNull();
  });
});
