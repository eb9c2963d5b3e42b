import { Injectable, type OnModuleInit } from '@nestjs/common';
import { clientListRequestSchema, EXPORT_LISTS, type Language, type Principal } from '@depot/contracts';
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

const col = (key: string, en: string, pl: string, width?: number): ExportColumn => ({
  key,
  header: { en, pl } satisfies Record<Language, string>,
  width,
});

/** The client form's fields that matter in a spreadsheet, headed as the form labels them. */
export const CLIENT_EXPORT_COLUMNS: ExportColumn[] = [
  col('companyName', 'Company name', 'Nazwa firmy', 32),
  col('clientName', 'Client name', 'Nazwa klienta', 24),
  col('shortName', 'Short name', 'Nazwa skrócona', 16),
  col('uniquePrefix', 'Prefix', 'Prefiks', 10),
  col('vatId', 'VAT ID', 'NIP', 16),
  col('email', 'E-mail', 'E-mail', 28),
  col('phone', 'Phone', 'Telefon', 16),
  col('country', 'Country', 'Kraj', 8),
  col('city', 'City', 'Miasto', 18),
  col('zipCode', 'Postal code', 'Kod pocztowy', 12),
  col('street', 'Street', 'Ulica', 24),
  col('building', 'Building', 'Budynek', 10),
  col('apartment', 'Apartment', 'Lokal', 10),
  col('currency', 'Currency', 'Waluta', 9),
  col('debtBlockDays', 'Debt block days', 'Dni do blokady za dług', 12),
  col('active', 'Active', 'Aktywny', 10),
  col('disableAccess', 'Disable access', 'Wyłącz dostęp', 12),
  col('disableNewOrders', 'Block new orders', 'Blokuj nowe zamówienia', 12),
  col('viesCheck', 'VIES check', 'Weryfikacja VIES', 12),
  col('autoReturnPackages', 'Automatic return of packages', 'Automatyczny zwrot paczek', 12),
  col('revertLogic', 'Reverse logic', 'Odwrócona logika', 12),
  col('disableContentInfo', 'Disable content information', 'Wyłącz informację o zawartości', 12),
  col('combineLabels', 'Combine labels', 'Łącz etykiety', 12),
  col('disconnectRouting', 'Disconnect routing', 'Odłącz routing', 12),
  col('disconnectReturn', 'Disconnect returns', 'Odłącz zwroty', 12),
  col('masterAccount', 'Master account', 'Konto główne', 12),
  col('masterName', 'Linked to master account', 'Powiązane z kontem głównym', 28),
  col('firstMile', 'First mile', 'Pierwsza mila', 10),
  col('genOnlyFirstMile', 'Generate first mile only', 'Generuj tylko pierwszą milę', 12),
  col('dontPrintLastMile', 'Do not print last mile', 'Nie drukuj ostatniej mili', 12),
  col('accountOwner', 'Account owner', 'Właściciel rachunku', 24),
  col('iban', 'Bank account number', 'Numer rachunku', 32),
  col('bankName', 'Bank name', 'Nazwa banku', 20),
  col('defaultPhoneShipping', 'Default shipping phone', 'Domyślny telefon wysyłki', 16),
  col('defaultEmailShipping', 'Default shipping e-mail', 'Domyślny e-mail wysyłki', 28),
  col(
    'additionalShipperNameOnTheLabel',
    'Additional shipper name on the label',
    'Dodatkowa nazwa nadawcy na etykiecie',
    24,
  ),
  col('contractNumber', 'Contract number', 'Numer umowy', 16),
  col('returnMatrixTitle', 'Return matrix', 'Matryca zwrotów', 20),
  col('domesticMatrixTitle', 'Domestic matrix', 'Matryca krajowa', 20),
  col('note', 'Note', 'Notatka', 40),
  col('createdAt', 'Created', 'Utworzono', 17),
  col('updatedAt', 'Updated', 'Zmieniono', 17),
  col('id', 'ID', 'ID', 38),
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
  readonly title = { en: 'Clients', pl: 'Klienci' };
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
