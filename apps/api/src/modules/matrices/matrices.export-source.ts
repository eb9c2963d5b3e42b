import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  matrixListFiltersSchema,
  matrixListOrderSchema,
  PAGE_SIZE,
  type MessageId,
  type Principal,
} from '@depot/contracts';
import { z } from 'zod';
import { exportListSettings, keysetBatches } from '../../common/export-rows';
import {
  ExportRegistry,
  type ExportCell,
  type ExportColumn,
  type ExportSelection,
  type ExportSource,
} from '../exports/export-source';
import { MatricesRepository, type MatrixListQuery } from './matrices.repository';

/** The list's own filters and order, as POST /matrix/get/list takes them. */
const listSettingsSchema = z.object({
  filters: matrixListFiltersSchema.default({}),
  orderBy: matrixListOrderSchema,
});

/**
 * One row per condition, headed exactly as the panel labels the fields (the matrices list and the conditions table).
 * An empty country is any country, as the conditions table's "Any country" says.
 */
const COLUMNS: ExportColumn[] = [
  { key: 'matrix', header: 'matrices.field.name', width: 30 },
  { key: 'isDefault', header: 'matrices.field.isDefault', width: 10 },
  { key: 'position', header: 'matrices.row', width: 6 },
  { key: 'pickupCountry', header: 'matrices.field.pickupCountry', width: 16 },
  { key: 'destinationCountry', header: 'matrices.field.destinationCountry', width: 16 },
  { key: 'maxWeightKg', header: 'matrices.field.maxWeightKg', width: 14 },
  { key: 'operator', header: 'matrices.field.operator', width: 24 },
];

/**
 * Export of routing matrices (SPEC 7 mass action selectedRoutingsExportToXls): one row per condition, in list
 * order then condition order; a matrix without conditions gets one row with only its name. Honours the list's
 * selection (picked ids, or the filter minus the excepted ids).
 */
@Injectable()
export class MatricesExportSource implements ExportSource, OnModuleInit {
  readonly entity = 'matrices';
  readonly permission = 'matrices.read' as const;
  readonly title: MessageId = 'matrices.title';
  readonly columns = COLUMNS;

  constructor(
    private readonly registry: ExportRegistry,
    private readonly repo: MatricesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  count(selection: ExportSelection, _principal: Principal): Promise<number> {
    return this.repo.exportRowCount(this.query(selection));
  }

  async *rows(
    selection: ExportSelection,
    _principal: Principal,
  ): AsyncIterable<Record<string, ExportCell>[]> {
    const query = this.query(selection);
    const pages = keysetBatches((cursor) => this.repo.list({ ...query, cursor, limit: PAGE_SIZE }));
    for await (const items of pages) {
      const conditions = await this.repo.conditionsOf(items.map((m) => m.id));
      const batch: Record<string, ExportCell>[] = [];
      for (const m of items) {
        const own = conditions.get(m.id) ?? [];
        if (own.length === 0) batch.push({ matrix: m.name, isDefault: m.isDefault });
        for (const c of own) {
          batch.push({
            matrix: m.name,
            isDefault: m.isDefault,
            position: c.position,
            pickupCountry: c.pickupCountry,
            destinationCountry: c.destinationCountry,
            maxWeightKg: c.maxWeightKg,
            operator: c.operatorName,
          });
        }
      }
      if (batch.length > 0) yield batch;
    }
  }

  /** The list's filters and order, checked like the list endpoint checks them. */
  private query(selection: ExportSelection): Omit<MatrixListQuery, 'cursor' | 'limit'> {
    const { filters, orderBy } = exportListSettings(listSettingsSchema, selection);
    if (!selection.selectedAll) return { orderBy, onlyIds: selection.ids };
    return { orderBy, search: filters.search || undefined, exceptIds: selection.exceptId };
  }
}
