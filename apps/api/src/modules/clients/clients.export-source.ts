import { Injectable, type OnModuleInit } from '@nestjs/common';
import { clientListRequestSchema, EXPORT_LISTS, type MessageId, type Principal } from '@depot/contracts';
import { exportListSettings, keysetBatches } from '../../common/export-rows';
import {
  ExportRegistry,
  type ExportCell,
  type ExportColumn,
  type ExportSelection,
  type ExportSource,
} from '../exports/export-source';
import { ClientsExportRepository, type ClientExportQuery } from './clients-export.repository';

/** Rows read per keyset page while exporting. */
const EXPORT_BATCH = 1000;

const col = (key: string, header: MessageId, width?: number): ExportColumn => ({ key, header, width });

/**
 * The client form's fields that matter in a spreadsheet, headed exactly as the panel labels them (the clients list's
 * columns and the client form). The link to a master account gets a header of its own: the form's label for it is
 * the master-account flag's.
 */
export const CLIENT_EXPORT_COLUMNS: ExportColumn[] = [
  col('companyName', 'clients.field.companyName', 32),
  col('clientName', 'clients.field.clientName', 24),
  col('shortName', 'clients.field.shortName', 16),
  col('uniquePrefix', 'clients.field.uniquePrefix', 10),
  col('vatId', 'clients.field.vatId', 16),
  col('email', 'clients.field.email', 28),
  col('phone', 'clients.field.phone', 16),
  col('country', 'clients.field.country', 8),
  col('city', 'clients.field.city', 18),
  col('zipCode', 'clients.field.zipCode', 12),
  col('street', 'clients.field.street', 24),
  col('building', 'clients.field.building', 10),
  col('apartment', 'clients.field.apartment', 10),
  col('currency', 'clients.field.currency', 9),
  col('debtBlockDays', 'clients.field.debtBlockDays', 12),
  col('active', 'clients.field.active', 10),
  col('disableAccess', 'clients.field.disableAccess', 12),
  col('disableNewOrders', 'clients.field.disableNewOrders', 12),
  col('viesCheck', 'clients.field.viesCheck', 12),
  col('autoReturnPackages', 'clients.field.autoReturnPackages', 12),
  col('revertLogic', 'clients.field.revertLogic', 12),
  col('disableContentInfo', 'clients.field.disableContentInfo', 12),
  col('combineLabels', 'clients.field.combineLabels', 12),
  col('disconnectRouting', 'clients.field.disconnectRouting', 12),
  col('disconnectReturn', 'clients.field.disconnectReturn', 12),
  col('masterAccount', 'clients.field.masterAccount', 12),
  col('masterName', 'export.clients.masterName', 28),
  col('firstMile', 'clients.field.firstMile', 10),
  col('genOnlyFirstMile', 'clients.field.genOnlyFirstMile', 12),
  col('dontPrintLastMile', 'clients.field.dontPrintLastMile', 12),
  col('accountOwner', 'clients.field.accountOwner', 24),
  col('iban', 'clients.field.iban', 32),
  col('bankName', 'clients.field.bankName', 20),
  col('defaultPhoneShipping', 'clients.field.defaultPhoneShipping', 16),
  col('defaultEmailShipping', 'clients.field.defaultEmailShipping', 28),
  col('additionalShipperNameOnTheLabel', 'clients.field.additionalShipperNameOnTheLabel', 24),
  col('contractNumber', 'clients.field.contractNumber', 16),
  col('returnMatrixTitle', 'clients.field.returnMatrixTitle', 20),
  col('domesticMatrixTitle', 'clients.field.domesticMatrixTitle', 20),
  col('note', 'clients.field.note', 40),
  col('createdAt', 'field.createdAt', 17),
  col('updatedAt', 'export.clients.updatedAt', 17),
  col('id', 'export.clients.id', 38),
];

/** The list's own filters and order, as POST /client/get/list takes them. */
const listSettingsSchema = clientListRequestSchema.pick({ filters: true, orderBy: true });

/**
 * Clients for the xlsx exports: a select-all honours the clients list's filters exactly (the same SQL) and its
 * order, minus the excepted ids; picked ids are exported as picked. A client user would only ever get its own
 * client (the permission keeps them out today; the repository would too).
 */
@Injectable()
export class ClientsExportSource implements ExportSource, OnModuleInit {
  readonly entity = 'clients';
  readonly permission = EXPORT_LISTS.clients.permission;
  readonly title: MessageId = 'clients.title';
  readonly columns = CLIENT_EXPORT_COLUMNS;

  constructor(
    private readonly registry: ExportRegistry,
    private readonly repo: ClientsExportRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  count(selection: ExportSelection, principal: Principal): Promise<number> {
    return this.repo.count(this.query(selection, principal));
  }

  async *rows(selection: ExportSelection, principal: Principal): AsyncIterable<Record<string, ExportCell>[]> {
    const q = this.query(selection, principal);
    yield* keysetBatches((cursor) => this.repo.page(q, cursor, EXPORT_BATCH));
  }

  private query(selection: ExportSelection, principal: Principal): ClientExportQuery {
    const { filters, orderBy } = exportListSettings(listSettingsSchema, selection);
    return {
      filters,
      orderBy,
      selectedAll: selection.selectedAll,
      ids: selection.ids,
      exceptId: selection.exceptId,
      ownClientId: principal.role === 'user' ? (principal.clientId ?? NO_CLIENT) : null,
    };
  }
}

/** A client user without a client (cannot happen by the schema) sees nothing: an id no row has. */
const NO_CLIENT = '00000000-0000-0000-0000-000000000000';
