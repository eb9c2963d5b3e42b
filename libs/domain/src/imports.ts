import {
  CATALOGUE,
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  LANGUAGES,
  type CreateParcelRequest,
  type ImportColumn,
  type Language,
} from '@depot/contracts';
import { foldCountryName, toCountryCode } from './country-names';

/**
 * Shipment files (issue 16, decision 0150): which column of a file is which field of the parcel form, and a row's
 * cells as the body the form and the API send — so a row is checked by the very schema and rules they use.
 */

/** Field → the index of its column in the file's headers. */
export type ImportColumnMap = Partial<Record<ImportColumn, number>>;

/** A header as compared: folded like a country name (case, Polish letters, spacing, punctuation). */
export const foldHeader = (header: string): string => foldCountryName(header.replace(/[()[\]:*.]/g, ' '));

/** Other ways shops and ERPs name the columns, in English and Polish (the template's own headers come first). */
const HEADER_ALIASES: Partial<Record<ImportColumn, readonly string[]>> = {
  referenceNumber: [
    'reference',
    'ref',
    'order number',
    'order id',
    'numer zamowienia',
    'nr zamowienia',
    'referencja',
  ],
  externalNumber: ['tracking number', 'numer przesylki', 'numer listu przewozowego'],
  recipientName: ['name', 'recipient', 'receiver', 'nazwa', 'odbiorca', 'imie i nazwisko'],
  recipientStreet: ['street', 'address', 'ulica', 'adres'],
  recipientBuilding: ['building', 'house number', 'nr domu', 'numer domu', 'numer budynku'],
  recipientCity: ['city', 'town', 'miasto', 'miejscowosc'],
  recipientZipCode: ['postal code', 'zip', 'zip code', 'postcode', 'kod pocztowy', 'kod'],
  recipientCountry: ['country', 'country code', 'kraj', 'kod kraju'],
  recipientPhone: ['phone', 'telephone', 'telefon', 'tel'],
  recipientEmail: ['email', 'e mail', 'mail'],
  weightKg: ['weight', 'weight kg', 'waga', 'masa', 'waga kg'],
  sizeCmL: ['length', 'dlugosc'],
  sizeCmW: ['width', 'szerokosc'],
  sizeCmD: ['height', 'depth', 'wysokosc', 'glebokosc'],
  packageCount: ['package count', 'number of packages', 'paczki', 'ilosc paczek'],
  content: ['contents', 'description', 'zawartosc', 'opis'],
  value: ['value', 'wartosc'],
  codAmount: ['cod', 'cash on delivery', 'pobranie', 'kwota pobrania'],
  insuranceAmount: ['insurance', 'ubezpieczenie'],
  dropOffPoint: ['pickup point', 'parcel locker', 'paczkomat', 'punkt'],
  note1: ['note', 'notes', 'comment', 'uwagi', 'komentarz'],
};

/** The template's header of a column in a language (the catalogue's `imports.column.<column>`). */
export const importHeader = (column: ImportColumn, lang: Language): string =>
  CATALOGUE[lang][`imports.column.${column}`];

/**
 * Header → column, built on first use: the catalogue it reads is the API's (the panel's bundle has none, decision
 * 0125), so building it when the module loads would break every page that imports libs/domain.
 */
let headerToColumn: ReadonlyMap<string, ImportColumn> | undefined;
const headerMap = (): ReadonlyMap<string, ImportColumn> => (headerToColumn ??= buildHeaderMap());

function buildHeaderMap(): ReadonlyMap<string, ImportColumn> {
  const map = new Map<string, ImportColumn>();
  // Our own headers win over aliases: "Numer budynku odbiorcy" is the building, whatever an alias says.
  for (const column of IMPORT_COLUMNS)
    for (const lang of LANGUAGES) map.set(foldHeader(importHeader(column, lang)), column);
  for (const column of IMPORT_COLUMNS)
    for (const alias of HEADER_ALIASES[column] ?? []) if (!map.has(alias)) map.set(alias, column);
  return map;
}

/** The column a header names, or null when it is not recognised (the user maps it). */
export const columnOfHeader = (header: string): ImportColumn | null =>
  headerMap().get(foldHeader(header)) ?? null;

/** The columns recognised by their headers: each field at its first column with a recognised header. */
export function recognizeColumns(headers: readonly string[]): ImportColumnMap {
  const map: ImportColumnMap = {};
  headers.forEach((header, index) => {
    const column = columnOfHeader(header);
    if (column && map[column] === undefined) map[column] = index;
  });
  return map;
}

/**
 * Whether a mapping fits the file: each index one of its columns, and no column given to two fields. (A field
 * mapped to no column is simply absent.)
 */
export function columnMapFits(map: ImportColumnMap, headerCount: number): boolean {
  const used = new Set<number>();
  for (const index of Object.values(map)) {
    if (index === undefined) continue;
    if (!Number.isInteger(index) || index < 0 || index >= headerCount || used.has(index)) return false;
    used.add(index);
  }
  return true;
}

/** The required columns a mapping lacks, in the template's order. */
export const missingColumns = (map: ImportColumnMap): ImportColumn[] =>
  IMPORT_REQUIRED_COLUMNS.filter((column) => map[column] === undefined);

const RECIPIENT: Record<string, ImportColumn> = {
  name: 'recipientName',
  street: 'recipientStreet',
  building: 'recipientBuilding',
  city: 'recipientCity',
  zipCode: 'recipientZipCode',
  country: 'recipientCountry',
  phone: 'recipientPhone',
  email: 'recipientEmail',
};

/**
 * A row's cells as the parcel form's body (createParcelSchema's input): blank cells are absent; a country is taken
 * by its code or its English or Polish name (SPEC's country mapping; an unknown one is passed on as written, so the
 * schema names it); numbers stay text (the schema reads a decimal comma).
 */
export function rowBody(cells: readonly string[], map: ImportColumnMap): CreateParcelRequest {
  const cell = (column: ImportColumn): string | undefined => {
    const index = map[column];
    const value = index === undefined ? undefined : cells[index]?.trim();
    return value ? value : undefined;
  };
  const body: Record<string, unknown> = {};
  const put = (key: string, column: ImportColumn) => {
    const value = cell(column);
    if (value !== undefined) body[key] = value;
  };
  put('referenceNumber', 'referenceNumber');
  put('weightKg', 'weightKg');
  put('sizeCmL', 'sizeCmL');
  put('sizeCmW', 'sizeCmW');
  put('sizeCmD', 'sizeCmD');
  put('packageCount', 'packageCount');
  put('content', 'content');
  put('value', 'value');
  put('valueCurrency', 'valueCurrency');
  put('dropOffPoint', 'dropOffPoint');
  put('note1', 'note1');
  put('note2', 'note2');
  const address: Record<string, string> = {};
  for (const [field, column] of Object.entries(RECIPIENT)) {
    const value = cell(column);
    if (value !== undefined) address[field] = value;
  }
  if (address.country) address.country = toCountryCode(address.country) ?? address.country;
  if (Object.keys(address).length > 0) body.destinationAddress = address;
  const cod = cell('codAmount');
  if (cod !== undefined) body.cod = { amountCOD: cod, codCurrency: cell('codCurrency') ?? null };
  const insurance = cell('insuranceAmount');
  if (insurance !== undefined) body.insurance = { amount: insurance };
  return body as CreateParcelRequest;
}

/** The column a form field's error path points at (`destinationAddress.zipCode` → recipientZipCode), if any. */
export function columnOfPath(path: string): ImportColumn | null {
  const [head, tail] = path.split('.');
  if (head === 'destinationAddress' && tail) return Object.hasOwn(RECIPIENT, tail) ? RECIPIENT[tail]! : null;
  if (head === 'cod') return tail === 'codCurrency' ? 'codCurrency' : 'codAmount';
  if (head === 'insurance') return 'insuranceAmount';
  return (IMPORT_COLUMNS as readonly string[]).includes(head!) ? (head as ImportColumn) : null;
}

/** A number a duplicate is found by: trimmed, upper case (as the parcels' number search compares). */
export const duplicateKey = (value: string | null | undefined): string | null => {
  const key = value?.trim().toUpperCase();
  return key ? key : null;
};

/**
 * Rows that repeat an earlier row's reference or external number, each with the first row that has it: only the
 * later ones are duplicates (the first may still become a parcel). A file checked in parts passes the same
 * `firstRow` to every part, so a number repeated across parts is found too.
 */
export function duplicateRowsInFile(
  rows: readonly { row: number; referenceNumber?: string | null; externalNumber?: string | null }[],
  firstRow: Map<string, number> = new Map(),
): Map<number, number> {
  const duplicates = new Map<number, number>();
  for (const r of rows) {
    const reference = duplicateKey(r.referenceNumber);
    const external = duplicateKey(r.externalNumber);
    const keys = [reference && `r:${reference}`, external && `e:${external}`].filter(
      (k): k is string => k !== null,
    );
    const earlier = keys.map((k) => firstRow.get(k)).find((row) => row !== undefined);
    if (earlier !== undefined) duplicates.set(r.row, earlier);
    else for (const k of keys) firstRow.set(k, r.row);
  }
  return duplicates;
}
