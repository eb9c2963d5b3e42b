import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import {
  DEFAULT_LANGUAGE,
  XLSX_MIME,
  catalogueText,
  type Language,
  type MessageId,
  type Principal,
  type WeightImportView,
} from '@depot/contracts';
import { messageText } from '../../common/message-text';
import { ExportFilesRepository } from '../exports/export-files.repository';
import { writeXlsxFile, type XlsxTable } from '../exports/xlsx-writer';
import type { ImportFile } from '../imports/import-files';
import { WeightsRepository } from './weights.repository';

/** Report lines read per query into the file. */
const REPORT_BATCH = 2000;

const kg = (value: string | null) => (value === null ? null : Number(value));

/**
 * A real-weight file's report as a workbook (decision 0151): its over-declared, unmatched and invalid lines with the
 * parcel, the weights, the difference and the reason, headers and words in the reader's language (asked, else the
 * user's own, as exports), written by the exports' streaming xlsx writer.
 */
@Injectable()
export class WeightReport {
  constructor(
    private readonly repo: WeightsRepository,
    private readonly users: ExportFilesRepository,
  ) {}

  async file(view: WeightImportView, asked: Language | undefined, reader: Principal): Promise<ImportFile> {
    const lang =
      asked ?? (reader.userId ? await this.users.languageOf(reader.userId) : undefined) ?? DEFAULT_LANGUAGE;
    const text = (id: string) => catalogueText(lang, `weights.${id}` as MessageId);
    const table: XlsxTable = {
      sheetName: text('reportSheet'),
      columns: [
        { key: 'row', header: text('column.row'), width: 8 },
        { key: 'number', header: text('column.number'), width: 24 },
        { key: 'outcome', header: text('column.outcome'), width: 22, words: (o) => text(`outcome.${o}`) },
        { key: 'parcel', header: text('column.parcel'), width: 20 },
        { key: 'declared', header: text('column.declared'), width: 14 },
        { key: 'real', header: text('column.real'), width: 14 },
        { key: 'dimensional', header: text('column.dimensional'), width: 14 },
        { key: 'difference', header: text('column.difference'), width: 14 },
        { key: 'reason', header: text('column.reason'), width: 60 },
      ],
    };
    const repo = this.repo;
    async function* records() {
      for await (const batch of repo.reportLines(view.id, REPORT_BATCH))
        yield batch.map((l) => ({
          row: l.row,
          number: l.number,
          outcome: l.outcome,
          parcel: l.parcelNumber,
          declared: kg(l.declaredWeightKg),
          real: kg(l.realWeightKg),
          dimensional: kg(l.dimensionalWeightKg),
          difference: kg(l.differenceKg),
          reason: l.errorMessage ? messageText(lang, l.errorMessage) : null,
        }));
    }
    const written = await writeXlsxFile(table, lang, records());
    const base = view.fileName.replace(/\.(xlsx|csv)$/i, '');
    try {
      return {
        fileName: `${base}-${text('reportFileSuffix')}.xlsx`,
        mimeType: XLSX_MIME,
        content: await readFile(written.path),
      };
    } finally {
      await written.remove();
    }
  }
}
