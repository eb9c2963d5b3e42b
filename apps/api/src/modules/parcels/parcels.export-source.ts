import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  PARCEL_EXPORT_ENTITY,
  parcelListRequestSchema,
  type Language,
  type Principal,
} from '@depot/contracts';
import { exportListSettings, keysetBatches } from '../../common/export-rows';
import {
  ExportRegistry,
  type ExportCell,
  type ExportColumn,
  type ExportSelection,
  type ExportSource,
} from '../exports/export-source';
import type { ParcelSelection } from './parcel-list.repository';
import { ParcelsExportRepository, type ParcelExportRow } from './parcels-export.repository';
import { scopeOf } from './parcels.service';

/**
 * Rows read per keyset page while exporting. A page is live for the whole time its rows are written, so V8 moves it
 * to the old generation; 250 keeps a 100,000-parcel xlsx export near 210 MB peak RSS, 1,000 took it to 360 MB
 * (decision 0095).
 */
const EXPORT_BATCH = 250;

const col = (
  key: keyof ParcelExportRow,
  en: string,
  pl: string,
  width?: number,
  format?: ExportColumn['format'],
): ExportColumn => ({ key, header: { en, pl } satisfies Record<Language, string>, width, format });

/**
 * The parcel's fields (SPEC 3) in a spreadsheet, headed as the panel labels them. Status, order type and source
 * are their codes (the same values the API and the list filters take).
 */
export const PARCEL_EXPORT_COLUMNS: ExportColumn[] = [
  col('internalNumber', 'Internal number', 'Numer wewnętrzny', 18),
  col('referenceNumber', 'Reference number', 'Numer referencyjny', 18),
  col('externalNumber', 'External number', 'Numer zewnętrzny', 18),
  col('firstMileNumber', 'First-mile number', 'Numer pierwszej mili', 18),
  col('lastMileNumber', 'Last-mile number', 'Numer ostatniej mili', 18),
  col('alternativeNumber', 'Alternative number', 'Numer alternatywny', 18),
  col('barcode', 'Barcode', 'Kod kreskowy', 18),
  col('clientName', 'Client', 'Klient', 28),
  col('orderType', 'Order type', 'Typ zamówienia', 14),
  col('source', 'Source', 'Źródło', 12),
  col('status', 'Status', 'Status', 14),
  col('operatorName', 'Carrier', 'Przewoźnik', 18),
  col('isCorrect', 'Correct', 'Poprawna', 9),
  col('weightKg', 'Weight (kg)', 'Waga (kg)', 10),
  col('packageCount', 'Packages', 'Paczki', 9),
  col('sizeCmL', 'Length (cm)', 'Długość (cm)', 10),
  col('sizeCmW', 'Width (cm)', 'Szerokość (cm)', 10),
  col('sizeCmD', 'Height (cm)', 'Wysokość (cm)', 10),
  col('value', 'Value', 'Wartość', 10),
  col('valueCurrency', 'Value currency', 'Waluta wartości', 9),
  col('content', 'Content', 'Zawartość', 20),
  col('codAmount', 'COD amount', 'Kwota pobrania', 10),
  col('codCurrency', 'COD currency', 'Waluta pobrania', 9),
  col('insuranceAmount', 'Insurance amount', 'Kwota ubezpieczenia', 10),
  col('pickupName', 'Pickup name', 'Nadawca', 24),
  col('pickupCity', 'Pickup city', 'Miasto nadania', 16),
  col('pickupCountry', 'Pickup country', 'Kraj nadania', 8),
  col('destinationName', 'Recipient', 'Odbiorca', 24),
  col('destinationStreet', 'Street', 'Ulica', 20),
  col('destinationBuilding', 'Building', 'Budynek', 9),
  col('destinationZipCode', 'Postal code', 'Kod pocztowy', 10),
  col('destinationCity', 'City', 'Miasto', 16),
  col('destinationCountry', 'Destination country', 'Kraj docelowy', 8),
  col('destinationPhone', 'Recipient phone', 'Telefon odbiorcy', 16),
  col('destinationEmail', 'Recipient e-mail', 'E-mail odbiorcy', 24),
  col('dropOffPoint', 'Drop-off point', 'Punkt nadania', 14),
  col('note1', 'Note 1', 'Notatka 1', 20),
  col('note2', 'Note 2', 'Notatka 2', 20),
  col('deliveryDate', 'Delivery date', 'Data doręczenia', 17),
  col('firstScanAt', 'First scan', 'Pierwszy skan', 17),
  col('createdAt', 'Created', 'Utworzono', 17),
  col('updatedAt', 'Updated', 'Zmieniono', 17),
  col('id', 'Order ID', 'ID zamówienia', 38),
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
  readonly title = { en: 'Parcels', pl: 'Paczki' };
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
