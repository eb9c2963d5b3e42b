import {
  MESSAGES,
  WEIGHT_FILE_COLUMNS,
  WEIGHT_MAX_KG,
  WEIGHT_NUMBER_MAX_LENGTH,
  WEIGHT_REQUIRED_COLUMNS,
  parseDecimalText,
  type WeightFileColumn,
} from '@depot/contracts';
import { foldHeader } from './imports';

/**
 * Real weights from carriers' files (issue 16 item 4, decision 0151): which column of a carrier's file is which, a
 * line's cells as a number and weights (forgiving about how they are written, strict about what they say), and the
 * over-declared rule.
 */

/** Column → the index of its column in the file's headers. */
export type WeightColumnMap = Partial<Record<WeightFileColumn, number>>;

/**
 * How carriers and people name the columns, in English and Polish (compared folded: case, Polish letters,
 * punctuation and spacing do not matter).
 */
const WEIGHT_HEADERS: Record<WeightFileColumn, readonly string[]> = {
  number: [
    'number',
    'numer',
    'nr',
    'numer przesylki',
    'nr przesylki',
    'numer paczki',
    'tracking number',
    'tracking',
    'tracking no',
    'tracking id',
    'parcel number',
    'parcel no',
    'parcel id',
    'shipment number',
    'shipment no',
    'waybill',
    'waybill number',
    'awb',
    'list przewozowy',
    'numer listu przewozowego',
    'nr listu przewozowego',
    'barcode',
    'kod kreskowy',
  ],
  realWeightKg: [
    'real weight',
    'real weight kg',
    'actual weight',
    'actual weight kg',
    'measured weight',
    'weight',
    'weight kg',
    'waga rzeczywista',
    'waga rzeczywista kg',
    'waga',
    'waga kg',
    'masa',
    'kg',
  ],
  dimensionalWeightKg: [
    'dimensional weight',
    'dimensional weight kg',
    'volumetric weight',
    'volumetric weight kg',
    'volume weight',
    'dim weight',
    'waga gabarytowa',
    'waga gabarytowa kg',
    'waga objetosciowa',
    'waga wolumetryczna',
  ],
};

let headerToColumn: ReadonlyMap<string, WeightFileColumn> | undefined;
const headerMap = (): ReadonlyMap<string, WeightFileColumn> =>
  (headerToColumn ??= new Map(
    WEIGHT_FILE_COLUMNS.flatMap((column) =>
      WEIGHT_HEADERS[column].map((h) => [foldHeader(h), column] as const),
    ),
  ));

/** The column a header names, or null. */
export const weightColumnOfHeader = (header: string): WeightFileColumn | null =>
  headerMap().get(foldHeader(header)) ?? null;

/** The columns recognised by their headers: each at its first column with a recognised header. */
export function recognizeWeightColumns(headers: readonly string[]): WeightColumnMap {
  const map: WeightColumnMap = {};
  headers.forEach((header, index) => {
    const column = weightColumnOfHeader(header);
    if (column && map[column] === undefined) map[column] = index;
  });
  return map;
}

/** The required columns a file lacks, the number first. */
export const missingWeightColumns = (map: WeightColumnMap): WeightFileColumn[] =>
  WEIGHT_REQUIRED_COLUMNS.filter((column) => map[column] === undefined);

/** Thousandths of a kilogram (grams) of a weight string with 3 places ("2.500" → 2500): exact comparisons. */
export const gramsOf = (kg: string): number => Math.round(Number(kg) * 1000);

/** Grams as kilograms with 3 places (2500 → "2.500", -300 → "-0.300"). */
export function kgOfGrams(grams: number): string {
  const sign = grams < 0 ? '-' : '';
  const abs = Math.abs(grams);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/**
 * A weight cell as kilograms with 3 places ("2,5" → "2.500"), or null when it is no weight: not a number (a decimal
 * comma or point, thousands grouped as people write them, an optional "kg" after it), not above 0, above
 * WEIGHT_MAX_KG, or with more than 3 decimal places that are not zeros.
 */
export function parseWeightKg(cell: string): string | null {
  const decimal = parseDecimalText(cell.replace(/\s*kg\s*$/i, ''));
  if (decimal === null || decimal.startsWith('-')) return null;
  const [whole, fraction = ''] = decimal.split('.');
  const places = fraction.replace(/0+$/, '');
  if (places.length > 3 || whole!.length > 7) return null;
  const grams = Number(whole) * 1000 + Number(places.padEnd(3, '0'));
  if (grams <= 0 || grams > WEIGHT_MAX_KG * 1000) return null;
  return kgOfGrams(grams);
}

/** Text PostgreSQL cannot keep, or that is broken: a NUL, or half of a surrogate pair. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A number as a line keeps it: cut to the column's length, unstorable characters replaced (U+FFFD). */
const storable = (text: string): string =>
  text.replace(UNSTORABLE, '\uFFFD').slice(0, WEIGHT_NUMBER_MAX_LENGTH).replace(UNSTORABLE, '\uFFFD');

/** A line of a real-weight file as read: the number (as given, storable) and weights, or why it is refused. */
export type WeightLine =
  | { ok: true; number: string; realWeightKg: string; dimensionalWeightKg: string | null }
  | { ok: false; number: string | null; message: string };

/**
 * A line's cells as its number and weights. Refused: no number, one longer than WEIGHT_NUMBER_MAX_LENGTH or with
 * characters that cannot be kept, a real weight that is no weight, a dimensional weight given that is no weight.
 */
export function readWeightLine(cells: readonly string[], map: WeightColumnMap): WeightLine {
  const cell = (column: WeightFileColumn) => {
    const index = map[column];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const raw = cell('number');
  const number = raw === '' ? null : storable(raw);
  const refuse = (message: string): WeightLine => ({ ok: false, number, message });
  if (raw === '') return refuse(MESSAGES.weightNumberMissing);
  if (raw.replace(UNSTORABLE, '') !== raw) return refuse(MESSAGES.weightNumberNotStorable);
  if (raw.length > WEIGHT_NUMBER_MAX_LENGTH) return refuse(MESSAGES.weightNumberTooLong);
  const realWeightKg = parseWeightKg(cell('realWeightKg'));
  if (realWeightKg === null) return refuse(MESSAGES.weightRealInvalid);
  const dimensional = cell('dimensionalWeightKg');
  const dimensionalWeightKg = dimensional === '' ? null : parseWeightKg(dimensional);
  if (dimensional !== '' && dimensionalWeightKg === null) return refuse(MESSAGES.weightDimensionalInvalid);
  return { ok: true, number: raw, realWeightKg, dimensionalWeightKg };
}

/** The weight a carrier bills by: the larger of the real and the dimensional weight. */
export function billedWeightKg(realWeightKg: string, dimensionalWeightKg: string | null): string {
  return dimensionalWeightKg !== null && gramsOf(dimensionalWeightKg) > gramsOf(realWeightKg)
    ? dimensionalWeightKg
    : realWeightKg;
}

/** The billed weight less the declared one, kg with 3 places (positive: over-declared). */
export const weightDifferenceKg = (
  declaredWeightKg: string,
  realWeightKg: string,
  dimensionalWeightKg: string | null,
): string =>
  kgOfGrams(gramsOf(billedWeightKg(realWeightKg, dimensionalWeightKg)) - gramsOf(declaredWeightKg));

/** Whether a parcel's real (or dimensional, the larger) weight exceeds its declared weight. */
export const isOverDeclared = (
  declaredWeightKg: string,
  realWeightKg: string,
  dimensionalWeightKg: string | null,
): boolean => gramsOf(billedWeightKg(realWeightKg, dimensionalWeightKg)) > gramsOf(declaredWeightKg);

/**
 * Lines naming the same thing (a number, a parcel) where only the last counts: for each earlier line's index, the row
 * of the line after it that names the same key. `keyOf` gives null for a line that names nothing.
 */
export function supersededLines<T>(
  lines: readonly T[],
  keyOf: (line: T) => string | null,
  rowOf: (line: T) => number,
): Map<number, number> {
  const last = new Map<string, number>();
  const superseded = new Map<number, number>();
  for (let i = lines.length - 1; i >= 0; i--) {
    const key = keyOf(lines[i]!);
    if (key === null) continue;
    const later = last.get(key);
    if (later !== undefined) superseded.set(i, rowOf(lines[later]!));
    else last.set(key, i);
  }
  return superseded;
}
