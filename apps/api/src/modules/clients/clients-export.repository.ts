import { Injectable } from '@nestjs/common';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClientSortField, SortDirection } from '@depot/contracts';
import { uuidArray } from '../../db/by-ids';
import { Transactions, type DbOrTx } from '../../db/transactions';
import { clients } from '../../db/schema';
import { allOf, keysetPage } from '../../common/keyset';
import { keysetSlice, sortKeyText } from '../../common/keyset-list';
import { clientListFilter, SORT_KEYS, type ClientListQuery } from './clients.repository';

export interface ClientExportQuery {
  /** The list's filters, as the list takes them (they apply to a select-all). */
  filters: Pick<ClientListQuery, 'search' | 'active' | 'disableAccess' | 'masterOnly' | 'masterId'>;
  orderBy: { field: ClientSortField; direction: SortDirection };
  /** Every row matching the filters but `exceptId`, or exactly `ids`. */
  selectedAll: boolean;
  ids: string[];
  exceptId: string[];
  /** A client user's own client: nothing else is ever read for it. */
  ownClientId: string | null;
}

const master = alias(clients, 'master');

/** What a spreadsheet row of a client holds (dates as Dates, the master by name). */
const exportColumns = {
  id: clients.id,
  companyName: clients.companyName,
  clientName: clients.clientName,
  shortName: clients.shortName,
  uniquePrefix: clients.uniquePrefix,
  vatId: clients.vatId,
  email: clients.email,
  phone: clients.phone,
  country: clients.country,
  city: clients.city,
  zipCode: clients.zipCode,
  street: clients.street,
  building: clients.building,
  apartment: clients.apartment,
  currency: clients.currency,
  debtBlockDays: clients.debtBlockDays,
  active: clients.active,
  disableAccess: clients.disableAccess,
  disableNewOrders: clients.disableNewOrders,
  viesCheck: clients.viesCheck,
  autoReturnPackages: clients.autoReturnPackages,
  revertLogic: clients.revertLogic,
  disableContentInfo: clients.disableContentInfo,
  combineLabels: clients.combineLabels,
  disconnectRouting: clients.disconnectRouting,
  disconnectReturn: clients.disconnectReturn,
  masterAccount: clients.masterAccount,
  masterName: master.companyName,
  firstMile: clients.firstMile,
  genOnlyFirstMile: clients.genOnlyFirstMile,
  dontPrintLastMile: clients.dontPrintLastMile,
  accountOwner: clients.accountOwner,
  iban: clients.iban,
  bankName: clients.bankName,
  defaultPhoneShipping: clients.defaultPhoneShipping,
  defaultEmailShipping: clients.defaultEmailShipping,
  additionalShipperNameOnTheLabel: clients.additionalShipperNameOnTheLabel,
  contractNumber: clients.contractNumber,
  returnMatrixTitle: clients.returnMatrixTitle,
  domesticMatrixTitle: clients.domesticMatrixTitle,
  note: clients.note,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

/** SQL of the clients export: the list's filters and order, narrowed to a mass selection, a keyset page at a time. */
@Injectable()
export class ClientsExportRepository {
  constructor(private readonly transactions: Transactions) {}

  /** The caller's transaction, or the database outside one. */
  private get db(): DbOrTx {
    return this.transactions.db;
  }

  async count(q: ClientExportQuery): Promise<number> {
    const [{ n }] = await this.db.select({ n: count() }).from(clients).where(this.where(q));
    return n;
  }

  async page(q: ClientExportQuery, cursor: string | null, limit: number) {
    const sortKey = SORT_KEYS[q.orderBy.field];
    const page = keysetPage(sortKey, sql`${clients.id}`, q.orderBy.direction, cursor);
    const found = await this.db
      .select({ ...exportColumns, sortKey: sortKeyText(sortKey) })
      .from(clients)
      .leftJoin(master, eq(master.id, clients.masterId))
      .where(allOf(this.where(q), page.after))
      .orderBy(...page.orderBy)
      .limit(limit + 1);
    const { rows, nextCursor } = keysetSlice(found, limit);
    return { items: rows, nextCursor };
  }

  private where(q: ClientExportQuery): SQL | undefined {
    const picked = q.selectedAll
      ? allOf(
          clientListFilter(q.filters),
          q.exceptId.length > 0 ? sql`${clients.id} <> all(${uuidArray(q.exceptId)})` : undefined,
        )
      : sql`${clients.id} = any(${uuidArray(q.ids)})`;
    return allOf(picked, q.ownClientId ? eq(clients.id, q.ownClientId) : undefined);
  }
}

export type ClientExportRow = Awaited<ReturnType<ClientsExportRepository['page']>>['items'][number];
