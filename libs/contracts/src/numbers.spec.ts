import { MESSAGES } from './messages';
import { routeTestSchema } from './matrices/schemas';
import { parseDecimalText } from './numbers';
import { codSchema, updateParcelSchema } from './parcels/schemas';

describe('parseDecimalText', () => {
  it.each([
    ['31,5', '31.5'],
    ['31.5', '31.5'],
    [' 31,5 ', '31.5'],
    ['31', '31'],
    ['0,001', '0.001'],
    [',5', '0.5'],
    ['.5', '0.5'],
    ['007,50', '7.50'],
    ['1 234,5', '1234.5'],
    ['1\u00a0234,5', '1234.5'],
    ['1\u202f234\u202f567,25', '1234567.25'],
    ['1.234,5', '1234.5'],
    ['1,234.5', '1234.5'],
    ['1.234.567', '1234567'],
    ['1,234,567', '1234567'],
    ['1,234', '1.234'],
    ['1.234', '1.234'],
    ['-4,29', '-4.29'],
    ['\u22124,29', '-4.29'],
    ['- 1 000', '-1000'],
    ['0', '0'],
  ])('%j → %j', (typed, parsed) => {
    expect(parseDecimalText(typed)).toBe(parsed);
  });

  it.each([
    '',
    '   ',
    '-',
    'abc',
    '31,5 kg',
    '3e5',
    '0x10',
    '31,',
    '31.',
    '1,2,3',
    '1 23,5',
    '12 3456',
    '1.234 567',
    '1.234,567.5',
    '1,23.4',
    '4,2,9',
    '--5',
    '+5',
    '5-',
    'NaN',
    'Infinity',
    '1_000',
  ])('%j is no number', (typed) => {
    expect(parseDecimalText(typed)).toBeNull();
  });
});

describe('number fields of the forms read typed text with parseDecimalText', () => {
  const v = MESSAGES.validation;

  it.each([
    ['31,5', '31.500'],
    ['31.5', '31.500'],
    ['1 234,5', '1234.500'],
  ])('parcel weight %j → %j', (typed, stored) => {
    expect(updateParcelSchema.parse({ weightKg: typed }).weightKg).toBe(stored);
  });

  it.each(['abc', '31,5 kg', '-5', '1,2,3'])(
    'parcel weight %j is refused with the field message',
    (typed) => {
      const r = updateParcelSchema.safeParse({ weightKg: typed });
      expect(r.success ? null : r.error.issues[0]?.message).toBe(v.routeWeightInvalid);
    },
  );

  it.each([
    ['12,5', '12.50'],
    ['1\u00a0000,25', '1000.25'],
  ])('COD %j → %j', (typed, stored) => {
    expect(codSchema.parse({ amountCOD: typed }).amountCOD).toBe(stored);
  });

  it.each(['12,5 zł', '-1', 'x'])('COD %j is refused with the field message', (typed) => {
    const r = codSchema.safeParse({ amountCOD: typed });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(v.atLeastOneDigit);
  });

  it('route tester weight: comma, point, and garbage refused', () => {
    const base = { pickupCountry: 'PL', destinationCountry: 'DE' };
    expect(routeTestSchema.parse({ ...base, weightKg: '31,5' }).weightKg).toBe(31.5);
    expect(routeTestSchema.parse({ ...base, weightKg: '31.5' }).weightKg).toBe(31.5);
    const r = routeTestSchema.safeParse({ ...base, weightKg: 'ab' });
    expect(r.success ? null : r.error.issues[0]?.message).toBe(v.routeWeightInvalid);
  });
});
