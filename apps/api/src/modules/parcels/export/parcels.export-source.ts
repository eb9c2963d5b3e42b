import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  PARCEL_EXPORT_ENTITY,
  parcelListRequestSchema,
  type MessageId,
  type Principal,
} from '@depot/contracts';
import { exportListSettings, keysetBatches } from '../../../common/export-rows';
import {
  ExportRegistry,
  type ExportCell,
  type ExportColumn,
  type ExportSelection,
  type ExportSource,
} from '../../exports/export-source';
import type { ParcelSelection } from '../list/parcel-list.repository';
import { ParcelsExportRepository, type ParcelExportRow } from './parcels-export.repository';
import { scopeOf } from '../parcels.service';

/**
 * Rows read per keyset page while exporting. A page is live for the whole time its rows are written, so V8 moves it
 * to the old generation; 250 keeps a 100,000-parcel xlsx export near 210 MB peak RSS, 1,000 took it to 360 MB
 * (decision 0095).
 */
const EXPORT_BATCH = 250;

const col = (
  key: keyof ParcelExportRow,
  header: MessageId,
  width?: number,
  format?: ExportColumn['format'],
  words?: string,
): ExportColumn => ({ key, header, width, format, words });

/**
 * The parcel's fields (SPEC 3) in a spreadsheet, headed exactly as the panel labels them: the parcels list's column
 * where the list shows the field, else the parcel details page's or the parcel form's label. The form labels both
 * addresses' fields alike under their section; in the sheet the plain ones head the destination address and the
 * pickup name and city have headers of their own (`export.parcels.*`), as have the fields the panel does not label.
 * Status, order type and source show the panel's names for them in xlsx and their codes in CSV (decision 0116).
 */
export const PARCEL_EXPORT_COLUMNS: ExportColumn[] = [
  col('internalNumber', 'parcels.field.internalNumber', 18),
  col('referenceNumber', 'parcels.field.referenceNumber', 18),
  col('externalNumber', 'parcels.field.externalNumber', 18),
  col('firstMileNumber', 'parcelDetails.number.firstMileNumber', 18),
  col('lastMileNumber', 'parcelDetails.number.lastMileNumber', 18),
  col('alternativeNumber', 'parcelDetails.number.alternativeNumber', 18),
  col('barcode', 'parcelDetails.number.barcode', 18),
  col('clientName', 'field.client', 28),
  col('orderType', 'parcels.field.orderType', 14, undefined, 'parcels.orderType.'),
  col('source', 'parcels.field.source', 12, undefined, 'parcels.source.'),
  col('status', 'parcels.field.status', 14, undefined, 'parcels.status.'),
  col('operatorName', 'parcels.field.carrier', 18),
  col('isCorrect', 'export.parcels.isCorrect', 9),
  col('weightKg', 'parcels.field.weightKg', 10),
  col('packageCount', 'parcels.field.packageCount', 9),
  col('sizeCmL', 'parcelForm.field.sizeCmL', 10),
  col('sizeCmW', 'parcelForm.field.sizeCmW', 10),
  col('sizeCmD', 'parcelForm.field.sizeCmD', 10),
  col('value', 'parcelForm.field.value', 10),
  col('valueCurrency', 'parcelForm.field.valueCurrency', 9),
  col('content', 'parcelForm.field.content', 20),
  col('codAmount', 'parcelForm.field.codAmount', 10),
  col('codCurrency', 'parcelForm.field.codCurrency', 9),
  col('insuranceAmount', 'parcelForm.field.insuranceAmount', 10),
  col('pickupName', 'export.parcels.pickupName', 24),
  col('pickupCity', 'export.parcels.pickupCity', 16),
  col('pickupCountry', 'parcels.field.pickupCountry', 8),
  col('destinationName', 'export.parcels.destinationName', 24),
  col('destinationStreet', 'parcelForm.address.street', 20),
  col('destinationBuilding', 'parcelForm.address.building', 9),
  col('destinationZipCode', 'parcelForm.address.zipCode', 10),
  col('destinationCity', 'parcelForm.address.city', 16),
  col('destinationCountry', 'parcels.field.destinationCountry', 8),
  col('destinationPhone', 'export.parcels.destinationPhone', 16),
  col('destinationEmail', 'export.parcels.destinationEmail', 24),
  col('dropOffPoint', 'parcelForm.field.dropOffPoint', 14),
  col('note1', 'parcelForm.field.note1', 20),
  col('note2', 'parcelForm.field.note2', 20),
  col('deliveryDate', 'parcelDetails.deliveryDate', 17),
  col('firstScanAt', 'parcelDetails.firstScanAt', 17),
  col('createdAt', 'field.createdAt', 17),
  col('updatedAt', 'parcelDetails.updatedAt', 17),
  col('id', 'export.parcels.id', 38),
];

/** Numeric columns PostgreSQL sends as text (exact numerics): written as numbers. */
const DECIMALS = ['weightKg', 'value', 'codAmount', 'insuranceAmount'] as const;

/** A row with exact numerics as spreadsheet numbers (the export shows them; money stays exact in the database). */
export function exportCells(row: ParcelExportRow): Record<string, ExportCell> {
  const cells: Record<string, ExportCell> = { ...row };
  for (const k of DECIMALS) cells[k] = row[k] === null ? null : Number(row[k]);
  return cells;
}

/** The list's own filters and order, as POST /order/get/list takes them. */
const listSettingsSchema = parcelListRequestSchema.pick({ filters: true, orderBy: true });

/**
 * Parcels for the xlsx and CSV exports (decision 0080): exactly the list's selection — its filters (dates default
 * to the current year), order, select-all minus exceptions or picked ids — through the list's own SQL, and only
 * the caller's client's parcels for a client user.
 */
@Injectable()
export class ParcelsExportSource implements ExportSource, OnModuleInit {
  readonly entity = PARCEL_EXPORT_ENTITY;
  readonly permission = 'parcels.export' as const;
  readonly title: MessageId = 'parcels.title';
  readonly columns = PARCEL_EXPORT_COLUMNS;

  constructor(
    private readonly registry: ExportRegistry,
    private readonly repo: ParcelsExportRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  count(selection: ExportSelection, principal: Principal): Promise<number> {
    return this.repo.count(scopeOf(principal), this.selection(selection));
  }

  async *rows(selection: ExportSelection, principal: Principal): AsyncIterable<Record<string, ExportCell>[]> {
    const sel = this.selection(selection);
    const scope = scopeOf(principal);
    for await (const batch of keysetBatches((cursor) => this.repo.page(scope, sel, cursor, EXPORT_BATCH))) {
      yield batch.map(exportCells);
    }
  }

  private selection(selection: ExportSelection): ParcelSelection {
    const { filters, orderBy } = exportListSettings(listSettingsSchema, selection);
    return {
      selectedAll: selection.selectedAll,
      ids: selection.ids,
      exceptId: selection.exceptId,
      filters: { ...filters, search: filters.search || undefined },
      orderBy,
    };
  }
}
