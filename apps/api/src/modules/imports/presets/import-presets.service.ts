import { Injectable } from '@nestjs/common';
import {
  IMPORT_SAMPLE_CELL_MAX,
  IMPORT_SAMPLE_ROWS,
  MESSAGES,
  type ImportHeadersReply,
  type ImportPresetView,
  type Principal,
  type importPresetClientSchema,
  type saveImportPresetSchema,
} from '@depot/contracts';
import {
  applyPreset,
  missingColumns,
  recognizeColumns,
  repeatedPresetHeader,
  type ImportColumnMap,
} from '@depot/domain';
import type { z } from 'zod';
import { Errors } from '../../../common/errors';
import { resolveOwnerClient } from '../../../common/owner-client';
import { Transactions } from '../../../db/transactions';
import type { UploadedFileData } from '../../../common/upload';
import { AuditService } from '../../audit/audit.service';
import { ParcelsRepository } from '../../parcels/parcels.repository';
import { peekShipmentFile } from '../parse/read-shipment-file';
import { ImportPresetsRepository } from './import-presets.repository';

type ClientFields = z.output<typeof importPresetClientSchema>;
type SavePreset = z.output<typeof saveImportPresetSchema>;

const presetNotFound = () => Errors.notFound(MESSAGES.importPresetNotFound);

/**
 * The column mapping step and the clients' column presets (issue 16 item 1, decision 0152): a file's headers and
 * first rows before it is imported, and presets listed, saved by name and deleted. Staff work for a client they name;
 * a client's user or API key for its own client only (another client's preset reads as not found).
 */
@Injectable()
export class ImportPresetsService {
  constructor(
    private readonly repo: ImportPresetsRepository,
    private readonly parcelsRepo: ParcelsRepository,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  private clientOf(principal: Principal, given: string | undefined): Promise<string> {
    return resolveOwnerClient(principal, given, (id) => this.parcelsRepo.clientExists(id));
  }

  /** `POST /import/headers`: the file read as the upload reads it, stopped after its first rows; nothing kept. */
  async headers(
    principal: Principal,
    file: UploadedFileData,
    fields: ClientFields,
  ): Promise<ImportHeadersReply> {
    const clientId = await this.clientOf(principal, fields.clientId);
    const read = await peekShipmentFile(file.buffer, file.originalname, IMPORT_SAMPLE_ROWS);
    if (!read.ok) throw Errors.validation(read.message, [{ path: 'file', message: read.message }]);
    const { kind, encoding, delimiter, headers, rows } = read.table;
    const recognized = recognizeColumns(headers);
    const presets = (await this.repo.list(clientId)).flatMap(({ id, name, columns }) => {
      const applied = applyPreset(columns, headers);
      return applied.absent.length === 0 ? [{ id, name, columnMap: applied.map }] : [];
    });
    return {
      kind,
      encoding,
      delimiter,
      headers,
      sample: rows.map(({ cells }) =>
        headers.map((_, i) => (cells[i] ?? '').slice(0, IMPORT_SAMPLE_CELL_MAX)),
      ),
      recognized,
      missing: missingColumns(recognized),
      presets,
    };
  }

  /** The mapping one of the client's presets gives a file's headers; refused when it names a header the file lacks. */
  async columnMapOf(
    clientId: string,
    presetId: string,
    headers: readonly string[],
  ): Promise<ImportColumnMap> {
    const preset = await this.repo.get(presetId, clientId);
    if (!preset) throw presetNotFound();
    const { map, absent } = applyPreset(preset.columns, headers);
    if (absent.length > 0) {
      const message = MESSAGES.importPresetNotFitting(absent.join(', '));
      throw Errors.validation(message, [{ path: 'presetId', message }]);
    }
    return map;
  }

  async list(principal: Principal, fields: ClientFields): Promise<{ items: ImportPresetView[] }> {
    return { items: await this.repo.list(await this.clientOf(principal, fields.clientId)) };
  }

  /** `PUT /importPresets`: saved under its name (the client's preset of that name is replaced). */
  async save(principal: Principal, body: SavePreset): Promise<ImportPresetView> {
    const clientId = await this.clientOf(principal, body.clientId);
    if (repeatedPresetHeader(body.columns) !== null) {
      throw Errors.validation(MESSAGES.importPresetHeaderTwice, [
        { path: 'columns', message: MESSAGES.importPresetHeaderTwice },
      ]);
    }
    return this.transactions.run(async () => {
      const { view, created } = await this.repo.save({
        clientId,
        name: body.name,
        columns: body.columns,
        createdById: principal.userId,
      });
      await this.audit.record(principal, {
        type: 'importPreset.save',
        entity: 'importPreset',
        entityId: view.id,
        details: { name: view.name, created, columns: view.columns },
      });
      return view;
    });
  }

  /** `DELETE /importPresets/{id}` (a client's caller reaches only its own: the route's owner check). */
  async remove(principal: Principal, id: string): Promise<void> {
    await this.transactions.run(async () => {
      const removed = await this.repo.remove(id);
      if (!removed) throw presetNotFound();
      await this.audit.record(principal, {
        type: 'importPreset.delete',
        entity: 'importPreset',
        entityId: id,
        details: { name: removed.name },
      });
    });
  }
}
