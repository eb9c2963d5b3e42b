import { Injectable } from '@nestjs/common';
import { count, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Transactions, type DbOrTx } from '../../../db/transactions';
import { clients, operators, parcels } from '../../../db/schema';
import { allOf, keysetPage } from '../../../common/keyset';
import { keysetSlice, sortKeyText } from '../../../common/keyset-list';
import { selectionFilter, SORT_KEYS, type ParcelSelection } from '../list/parcel-list.repository';

/** What a spreadsheet row of a parcel holds: the list's columns and the record's (addresses spread out). */
const address = (column: PgColumn, key: string) => sql<string | null>`${column}->>${key}`;
const exportColumns = {
  id: parcels.id,
  internalNumber: parcels.internalNumber,
  referenceNumber: parcels.referenceNumber,
  externalNumber: parcels.externalNumber,
  firstMileNumber: parcels.firstMileNumber,
  lastMileNumber: parcels.lastMileNumber,
  alternativeNumber: parcels.alternativeNumber,
  barcode: parcels.barcode,
  clientName: clients.companyName,
  orderType: parcels.orderType,
  source: parcels.source,
  status: parcels.status,
  operatorName: operators.name,
  isCorrect: parcels.isCorrect,
  weightKg: parcels.weightKg,
  packageCount: parcels.packageCount,
  sizeCmL: parcels.sizeCmL,
  sizeCmW: parcels.sizeCmW,
  sizeCmD: parcels.sizeCmD,
  value: parcels.value,
  valueCurrency: parcels.valueCurrency,
  content: parcels.content,
  codAmount: parcels.codAmount,
  codCurrency: parcels.codCurrency,
  insuranceAmount: parcels.insuranceAmount,
  pickupName: address(parcels.pickupAddress, 'name'),
  pickupCity: address(parcels.pickupAddress, 'city'),
  pickupCountry: parcels.pickupCountry,
  destinationName: address(parcels.destinationAddress, 'name'),
  destinationStreet: address(parcels.destinationAddress, 'street'),
  destinationBuilding: address(parcels.destinationAddress, 'building'),
  destinationZipCode: address(parcels.destinationAddress, 'zipCode'),
  destinationCity: address(parcels.destinationAddress, 'city'),
  destinationCountry: parcels.destinationCountry,
  destinationPhone: address(parcels.destinationAddress, 'phone'),
  destinationEmail: address(parcels.destinationAddress, 'email'),
  dropOffPoint: parcels.dropOffPoint,
  note1: parcels.note1,
  note2: parcels.note2,
  deliveryDate: parcels.deliveryDate,
  firstScanAt: parcels.firstScanAt,
  createdAt: parcels.createdAt,
  updatedAt: parcels.updatedAt,
};

/**
 * SQL of the parcels export: the parcels list's own selection SQL (filters, client scope, select-all minus the
 * exceptions, or picked ids) and its sort keys, read a keyset page at a time.
 */
@Injectable()
export class ParcelsExportRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async count(scopeClientId: string | null, sel: ParcelSelection): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(parcels)
      .where(selectionFilter(scopeClientId, sel));
    return n;
  }

  async page(scopeClientId: string | null, sel: ParcelSelection, cursor: string | null, limit: number) {
    const sortKey = SORT_KEYS[sel.orderBy.field];
    const page = keysetPage(sortKey, sql`${parcels.id}`, sel.orderBy.direction, cursor);
    const found = await this.db
      .select({ ...exportColumns, sortKey: sortKeyText(sortKey) })
      .from(parcels)
      .innerJoin(clients, eq(clients.id, parcels.clientId))
      .leftJoin(operators, eq(operators.id, parcels.operatorId))
      .where(allOf(selectionFilter(scopeClientId, sel), page.after))
      .orderBy(...page.orderBy)
      .limit(limit + 1);
    const { rows, nextCursor } = keysetSlice(found, limit);
    return { items: rows, nextCursor };
  }
}

export type ParcelExportRow = Awaited<ReturnType<ParcelsExportRepository['page']>>['items'][number];
