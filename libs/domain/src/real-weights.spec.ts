import { MESSAGES } from '@depot/contracts';
import {
  billedWeightKg,
  isOverDeclared,
  missingWeightColumns,
  parseWeightKg,
  readWeightLine,
  recognizeWeightColumns,
  supersededLines,
  weightDifferenceKg,
} from './real-weights';

describe('real weights: the columns of a carrier file', () => {
  it.each([
    [['Number', 'Real weight', 'Dimensional weight'], { number: 0, realWeightKg: 1, dimensionalWeightKg: 2 }],
    [
      ['Numer przesyłki', 'Waga rzeczywista', 'Waga gabarytowa'],
      { number: 0, realWeightKg: 1, dimensionalWeightKg: 2 },
    ],
    [['Tracking number', 'Weight (kg)'], { number: 0, realWeightKg: 1 }],
    [
      ['LIST PRZEWOZOWY', 'waga [kg]', 'Volumetric weight'],
      { number: 0, realWeightKg: 1, dimensionalWeightKg: 2 },
    ],
    [['Data', 'Waybill', 'kg'], { number: 1, realWeightKg: 2 }],
    [['Barcode', 'Parcel number', 'Waga'], { number: 0, realWeightKg: 2 }],
    [['Numer', 'Masa'], { number: 0, realWeightKg: 1 }],
  ])('%j is recognised', (headers, map) => {
    expect(recognizeWeightColumns(headers)).toEqual(map);
    expect(missingWeightColumns(map)).toEqual([]);
  });

  it('names what is missing, the number first', () => {
    expect(missingWeightColumns(recognizeWeightColumns(['Foo', 'Bar']))).toEqual(['number', 'realWeightKg']);
    expect(missingWeightColumns(recognizeWeightColumns(['Waybill', 'Cena']))).toEqual(['realWeightKg']);
    expect(missingWeightColumns(recognizeWeightColumns(['Waga gabarytowa', 'Waga']))).toEqual(['number']);
  });
});

describe('real weights: a weight cell', () => {
  it.each([
    ['2,5', '2.500'],
    ['2.5', '2.500'],
    [' 12,345 ', '12.345'],
    ['1 234,5', '1234.500'],
    ['0,001', '0.001'],
    ['3 kg', '3.000'],
    ['2,50000', '2.500'],
    ['10000', '10000.000'],
  ])('%j is %s kg', (cell, kg) => expect(parseWeightKg(cell)).toBe(kg));

  it.each(['', 'dwa', '-1', '0', '0,000', '2,5555', '10000,001', '1e3', '2,5 lb', '１２', 'Infinity'])(
    '%j is no weight',
    (cell) => expect(parseWeightKg(cell)).toBeNull(),
  );
});

describe('real weights: a line', () => {
  const map = { number: 0, realWeightKg: 1, dimensionalWeightKg: 2 };
  it('reads the number as given and the weights', () => {
    expect(readWeightLine([' ab123 ', '2,5', ''], map)).toEqual({
      ok: true,
      number: 'ab123',
      realWeightKg: '2.500',
      dimensionalWeightKg: null,
    });
    expect(readWeightLine(['X', '1', '4,2'], map)).toMatchObject({ ok: true, dimensionalWeightKg: '4.200' });
    expect(readWeightLine(['X', '1'], { number: 0, realWeightKg: 1 })).toMatchObject({ ok: true });
  });

  it.each([
    [['', '2'], null, MESSAGES.weightNumberMissing],
    [['A', '-2'], 'A', MESSAGES.weightRealInvalid],
    [['A', 'dwa'], 'A', MESSAGES.weightRealInvalid],
    [['A', ''], 'A', MESSAGES.weightRealInvalid],
    [['A', '2', 'x'], 'A', MESSAGES.weightDimensionalInvalid],
    [['A\u0000B', '2'], 'A\uFFFDB', MESSAGES.weightNumberNotStorable],
    [['A\uD800', '2'], 'A\uFFFD', MESSAGES.weightNumberNotStorable],
    [['N'.repeat(101), '2'], 'N'.repeat(100), MESSAGES.weightNumberTooLong],
  ])('%j is refused', (cells, number, message) => {
    expect(readWeightLine(cells, map)).toEqual({ ok: false, number, message });
  });
});

describe('real weights: over-declared', () => {
  it('bills the larger of real and dimensional, against the declared weight', () => {
    expect(billedWeightKg('2.000', null)).toBe('2.000');
    expect(billedWeightKg('2.000', '3.500')).toBe('3.500');
    expect(billedWeightKg('4.000', '3.500')).toBe('4.000');
    expect(isOverDeclared('2.500', '2.500', null)).toBe(false);
    expect(isOverDeclared('2.500', '2.501', null)).toBe(true);
    expect(isOverDeclared('2.500', '2.000', '2.600')).toBe(true);
    expect(weightDifferenceKg('2.500', '2.000', '2.600')).toBe('0.100');
    expect(weightDifferenceKg('2.500', '2.200', null)).toBe('-0.300');
    expect(weightDifferenceKg('0.001', '10000.000', null)).toBe('9999.999');
  });
});

describe('real weights: the later line wins', () => {
  it('marks each earlier line with the row of the last line of its key', () => {
    const lines = [
      { row: 2, key: 'A' },
      { row: 3, key: 'B' },
      { row: 4, key: 'A' },
      { row: 5, key: null },
      { row: 6, key: 'A' },
    ];
    const out = supersededLines(
      lines,
      (l) => l.key,
      (l) => l.row,
    );
    expect([...out.entries()].sort()).toEqual([
      [0, 6],
      [2, 6],
    ]);
  });
});
