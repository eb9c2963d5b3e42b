import { Injectable, type OnModuleInit } from '@nestjs/common';
import { operatorListRequestSchema, type MessageId, type Principal } from '@depot/contracts';
import { exportListSettings, keysetBatches } from '../../common/export-rows';
import {
  ExportRegistry,
  type ExportCell,
  type ExportColumn,
  type ExportSelection,
  type ExportSource,
} from '../exports/export-source';
import { OperatorsRepository, type OperatorListQuery } from './operators.repository';

/** Rows read per keyset page while exporting. */
const BATCH = 1000;

/** The list's own filters and order, as POST /operator/get/list takes them. */
const listSettingsSchema = operatorListRequestSchema.pick({ filters: true, orderBy: true });

/**
 * The operators list as an xlsx export (entity 'operators'): the rows a selection names — picked ids, or every
 * row matching the list's filters except the unchecked ones — in the list's order.
 */
@Injectable()
export class OperatorsExportSource implements ExportSource, OnModuleInit {
  readonly entity = 'operators';
  readonly permission = 'operators.read' as const;
  readonly title: MessageId = 'operators.title';
  /** Headed exactly as the panel labels the fields (the operators list and the operator form). */
  readonly columns: ExportColumn[] = [
    { key: 'operatorName', header: 'operators.field.operatorName', width: 30 },
    { key: 'operatorType', header: 'operators.field.operatorType', width: 16 },
    { key: 'active', header: 'operators.field.active', width: 10 },
    { key: 'exchangeRateEUR', header: 'operators.field.exchangeRateEUR', width: 16 },
    { key: 'description', header: 'operators.field.description', width: 40 },
    { key: 'createdAt', header: 'field.createdAt', width: 20 },
  ];

  constructor(
    private readonly registry: ExportRegistry,
    private readonly repo: OperatorsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  /** Operators are staff data with no client scope: the permission check (by the exports module) is the access rule. */
  async count(selection: ExportSelection, _principal: Principal): Promise<number> {
    return this.repo.count(this.query(selection));
  }

  async *rows(
    selection: ExportSelection,
    _principal: Principal,
  ): AsyncIterable<Record<string, ExportCell>[]> {
    const q = this.query(selection);
    for await (const items of keysetBatches((cursor) => this.repo.list({ ...q, cursor, limit: BATCH }))) {
      yield items.map((o) => ({
        operatorName: o.operatorName,
        operatorType: o.operatorType,
        active: o.active,
        exchangeRateEUR: o.exchangeRateEUR === null ? null : Number(o.exchangeRateEUR),
        description: o.description,
        createdAt: new Date(o.createdAt),
      }));
    }
  }

  /** The selection as a list query; the list's filters and order are checked like the list endpoint checks them. */
  private query(selection: ExportSelection): Omit<OperatorListQuery, 'cursor' | 'limit'> {
    const { filters, orderBy } = exportListSettings(listSettingsSchema, selection);
    return {
      filters: { ...filters, search: filters.search || undefined },
      orderBy,
      ...(selection.selectedAll ? { exceptIds: selection.exceptId } : { onlyIds: selection.ids }),
    };
  }
}
