import { Injectable } from '@nestjs/common';
import { refusalDetails } from '../../common/errors';
import {
  createParcelSchema,
  MESSAGES,
  stringProblem,
  type CreateParcelBody,
  type ErrorDetail,
  type ImportColumn,
} from '@depot/contracts';
import {
  applyClientDefaults,
  columnOfPath,
  duplicateKey,
  duplicateRowsInFile,
  importHeader,
  rowBody,
  type ImportColumnMap,
} from '@depot/domain';
import { assertComplete, draftOfBody, type CompleteDraft } from '../parcels/create/parcel-drafts';
import type { ParcelRoute } from '../parcels/create/parcel-router';
import { ParcelsService } from '../parcels/parcels.service';
import type { ParcelClientFacts } from '../parcels/parcels.repository';
import { ImportsRepository, type CheckedRow } from './imports.repository';

/** A row as read from the file. */
export interface ReadRow {
  row: number;
  cells: string[];
}

/** The longest external number a row may carry (the parcels' column). */
const EXTERNAL_NUMBER_MAX = 100;

/** Rows whose numbers are looked up in the database per query. */
const DUPLICATE_LOOKUP_BATCH = 5000;

/** Text PostgreSQL can keep in jsonb: a NUL or a lone surrogate becomes U+FFFD (the row is refused for it anyway). */
const storable = (cell: string): string =>
  // eslint-disable-next-line no-control-regex -- the NUL is what is replaced
  cell.replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Each error once (a schema may say the same thing twice of one field). */
const distinct = (errors: ErrorDetail[]): ErrorDetail[] => {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.path}\u0001${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/**
 * Checks the rows of a shipment file as the parcel form and the API check a parcel (decision 0150): the form's schema,
 * the client's defaults and required fields, routing by the client's matrix (a parcel too heavy for its carrier is
 * refused), and duplicates — the same reference or external number earlier in the file or on one of the client's
 * parcels. Error paths name the file's column where there is one.
 */
@Injectable()
export class ImportChecker {
  constructor(
    private readonly parcels: ParcelsService,
    private readonly repo: ImportsRepository,
  ) {}

  /**
   * Checks `rows` of a file with `headers` mapped by `map` for `client`. `others` are rows already kept (a fix
   * checks one row against the rest of its import); `seen` carries the numbers of a file's earlier parts when it is
   * checked part by part (duplicateRowsInFile).
   */
  async check(
    client: ParcelClientFacts,
    headers: readonly string[],
    map: ImportColumnMap,
    rows: readonly ReadRow[],
    others: readonly { row: number; referenceNumber: string | null; externalNumber: string | null }[] = [],
    seen?: Map<string, number>,
  ): Promise<CheckedRow[]> {
    const router = this.parcels.routerOf(client.id);
    const checked: CheckedRow[] = [];
    for (const r of rows) checked.push(await this.checkOne(client, headers, map, r, router));
    await this.markDuplicates(client.id, checked, others, seen);
    return checked;
  }

  private async checkOne(
    client: ParcelClientFacts,
    headers: readonly string[],
    map: ImportColumnMap,
    read: ReadRow,
    router: (d: CompleteDraft) => Promise<ParcelRoute>,
  ): Promise<CheckedRow> {
    const cell = (column: ImportColumn) => {
      const index = map[column];
      return index === undefined ? null : read.cells[index]?.trim() || null;
    };
    const base = {
      row: read.row,
      rawData: read.cells.map(storable),
      referenceNumber: cell('referenceNumber')?.slice(0, 100) ?? null,
      externalNumber: cell('externalNumber')?.slice(0, EXTERNAL_NUMBER_MAX) ?? null,
    };
    const invalid = (errors: ErrorDetail[]): CheckedRow => ({
      ...base,
      state: 'invalid',
      errors: distinct(errors.map((e) => ({ path: this.pathOf(e.path, map, headers), message: e.message }))),
      parcel: null,
    });
    const badCell = read.cells.findIndex((c) => stringProblem(c, 1000) !== null);
    if (badCell >= 0) {
      const name = headers[badCell] ?? String(badCell + 1);
      const message =
        stringProblem(read.cells[badCell]!, 1000) === 'tooLong'
          ? MESSAGES.textTooLong(name, 1000)
          : MESSAGES.textNotStorable(name);
      return invalid([{ path: name, message }]);
    }
    const external = cell('externalNumber');
    if (external && external.length > EXTERNAL_NUMBER_MAX) {
      const message = MESSAGES.textTooLong(importHeader('externalNumber', 'en'), EXTERNAL_NUMBER_MAX);
      return invalid([{ path: 'externalNumber', message }]);
    }
    const parsed = createParcelSchema.safeParse(rowBody(read.cells, map));
    if (!parsed.success) {
      return invalid(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
    }
    const body: CreateParcelBody = parsed.data;
    try {
      await router(assertComplete(applyClientDefaults(draftOfBody(body), client), 'derive'));
    } catch (err) {
      return invalid(refusalDetails(err));
    }
    return { ...base, state: 'valid', errors: [], parcel: body };
  }

  /** A form field's error path as the file's column header where it names one (else as it was). */
  private pathOf(path: string, map: ImportColumnMap, headers: readonly string[]): string {
    const column = columnOfPath(path);
    const index = column ? map[column] : undefined;
    return index !== undefined ? (headers[index] ?? path) : path;
  }

  /** Valid rows that repeat a number earlier in the file, or of one of the client's parcels, become invalid. */
  private async markDuplicates(
    clientId: string,
    checked: CheckedRow[],
    others: readonly { row: number; referenceNumber: string | null; externalNumber: string | null }[],
    seen: Map<string, number> | undefined,
  ): Promise<void> {
    const all = [...others, ...checked].sort((a, b) => a.row - b.row);
    const inFile = duplicateRowsInFile(all, seen);
    for (const r of checked) {
      const first = inFile.get(r.row);
      if (first !== undefined && r.state === 'valid') {
        const message = MESSAGES.importDuplicateInFile(first);
        Object.assign(r, { state: 'invalid', parcel: null, errors: [{ path: '', message }] });
      }
    }
    const valid = checked.filter((r) => r.state === 'valid');
    for (let i = 0; i < valid.length; i += DUPLICATE_LOOKUP_BATCH) {
      const part = valid.slice(i, i + DUPLICATE_LOOKUP_BATCH);
      const keys = (pick: (r: CheckedRow) => string | null) =>
        part.map((r) => duplicateKey(pick(r))).filter((k): k is string => k !== null);
      const found = await this.repo.existingNumbers(
        clientId,
        keys((r) => r.referenceNumber),
        keys((r) => r.externalNumber),
      );
      for (const r of part) {
        const reference = duplicateKey(r.referenceNumber);
        const external = duplicateKey(r.externalNumber);
        if ((reference && found.references.has(reference)) || (external && found.externals.has(external))) {
          const message = MESSAGES.importDuplicateInDatabase;
          Object.assign(r, { state: 'invalid', parcel: null, errors: [{ path: '', message }] });
        }
      }
    }
  }
}
