import { Injectable } from '@nestjs/common';
import {
  IMPORT_APPROVE_JOB,
  MESSAGES,
  rooms,
  type ImportRowFix,
  type ImportRowView,
  type ImportView,
  type ListReply,
  type Principal,
  type importListRequestSchema,
  type importRowListRequestSchema,
  type importUploadFieldsSchema,
} from '@depot/contracts';
import { columnMapFits, importHeader, missingColumns, recognizeColumns } from '@depot/domain';
import type { z } from 'zod';
import { Errors } from '../../common/errors';
import { publishClientListUpsert } from '../../common/client-list-events';
import { resolveOwnerClient } from '../../common/owner-client';
import type { UploadedFileData } from '../../common/upload';
import { EventBus } from '../../events/event-bus';
import { AuditService } from '../audit/audit.service';
import { JobsService } from '../jobs/jobs.service';
import { ParcelsRepository } from '../parcels/parcels.repository';
import { ParcelsService } from '../parcels/parcels.service';
import { ImportChecker } from './import-checker';
import { ImportStallsRepository } from './import-stalls.repository';
import { ImportsRepository } from './imports.repository';
import { readShipmentFile } from './parse/read-shipment-file';
import { ImportPresetsService } from './presets/import-presets.service';

type UploadFields = z.output<typeof importUploadFieldsSchema>;
type ImportListRequest = z.output<typeof importListRequestSchema>;
type ImportRowListRequest = z.output<typeof importRowListRequestSchema>;

/** Rows checked (and stored) per step: the unit of the validating import's progress. */
const CHECK_BATCH = 2000;

export const importNotFound = () => Errors.notFound(MESSAGES.importNotFound);

/**
 * Imports of shipments from files (issue 16, decision 0150): upload (read, map the columns, check every row as the
 * parcel form does — nothing is created), list, rows, fix a row in place, approve (a job creates the valid rows'
 * parcels) and cancel. Client users and API keys work with their own client's imports only.
 */
@Injectable()
export class ImportsService {
  constructor(
    private readonly repo: ImportsRepository,
    private readonly checker: ImportChecker,
    private readonly stalls: ImportStallsRepository,
    private readonly parcels: ParcelsService,
    private readonly parcelsRepo: ParcelsRepository,
    private readonly jobs: JobsService,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
    private readonly presets: ImportPresetsService,
  ) {}

  /** `POST /import/createShipmentFromFile`: the checked import, `ready` to review (or refused whole, nothing kept). */
  async upload(principal: Principal, file: UploadedFileData, fields: UploadFields): Promise<ImportView> {
    const clientId = await resolveOwnerClient(principal, fields.clientId, (id) =>
      this.parcelsRepo.clientExists(id),
    );
    const client = (await this.parcelsRepo.clientFacts(clientId))!;
    await this.parcels.assertMayOrder(principal, client);
    const read = await readShipmentFile(file.buffer, file.originalname);
    if (!read.ok) throw Errors.validation(read.message, [{ path: 'file', message: read.message }]);
    const { table } = read;
    const map =
      fields.columnMap ??
      (fields.presetId
        ? await this.presets.columnMapOf(clientId, fields.presetId, table.headers)
        : recognizeColumns(table.headers));
    if (!columnMapFits(map, table.headers.length)) {
      throw Errors.validation(MESSAGES.importColumnMapInvalid, [
        { path: 'columnMap', message: MESSAGES.importColumnMapInvalid },
      ]);
    }
    const missing = missingColumns(map);
    if (missing.length > 0) {
      const message = MESSAGES.importColumnsMissing(missing.map((c) => importHeader(c, 'en')).join(', '));
      throw Errors.validation(message, [{ path: 'columnMap', message }]);
    }
    const id = await this.repo.create({
      clientId,
      createdById: principal.userId,
      apiKeyId: principal.kind === 'apiKey' ? principal.apiKeyId : null,
      fileName: file.originalname.slice(0, 255),
      kind: table.kind,
      encoding: table.encoding,
      delimiter: table.delimiter,
      headers: table.headers,
      columnMap: map,
      state: 'validating',
      totalRows: table.rows.length,
    });
    await this.announce(id, principal, true);
    try {
      // The numbers of the rows checked so far: a number repeated in a later part of the file is a duplicate too.
      const seen = new Map<string, number>();
      // A part is written while the next is checked (decision 0155): the database and the checking run side by
      // side, one write at a time, in file order. A failed write stops the check before the next part.
      let writing: Promise<void> = Promise.resolve();
      for (let i = 0; i < table.rows.length; i += CHECK_BATCH) {
        const checked = await this.checker.check(
          client,
          table.headers,
          map,
          table.rows.slice(i, i + CHECK_BATCH),
          [],
          seen,
        );
        await writing;
        writing = (async () => {
          await this.repo.insertRows(id, checked);
          await this.stalls.touch(id); // alive: the sweep leaves a check that moves alone (decision 0153)
        })();
        // Handled at the next `await writing`; meanwhile not an unhandled rejection.
        writing.catch(() => undefined);
      }
      await writing;
      await this.repo.recount(id);
      // Only from `validating`: a check the sweep already failed stays failed (decision 0153).
      await this.repo.moveState(id, 'validating', 'ready');
    } catch (err) {
      await this.repo.setState(id, 'failed', {
        errorMessage: MESSAGES.somethingWentWrong,
        finishedAt: new Date(),
      });
      await this.announce(id, principal, false);
      throw err;
    }
    const view = await this.announce(id, principal, false);
    await this.audit.record(principal, {
      type: 'import.create',
      entity: 'import',
      entityId: id,
      details: {
        fileName: view.fileName,
        rows: view.totalRows,
        valid: view.validRows,
        invalid: view.invalidRows,
      },
    });
    return view;
  }

  list(principal: Principal, req: ImportListRequest): Promise<ListReply<ImportView>> {
    return this.repo.list({
      scopeClientId: principal.clientId,
      state: req.filters.state,
      clientId: req.filters.clientId,
      cursor: req.cursor,
      limit: req.limit,
    });
  }

  async get(principal: Principal, id: string): Promise<ImportView> {
    const found = await this.repo.get(id, principal.clientId);
    if (!found) throw importNotFound();
    return found;
  }

  async rows(principal: Principal, id: string, req: ImportRowListRequest): Promise<ListReply<ImportRowView>> {
    await this.get(principal, id);
    return this.repo.rows(id, { state: req.filters.state, cursor: req.cursor, limit: req.limit });
  }

  /** `PUT /import/{id}/rows/{rowId}`: the row's cells as fixed, checked again; the import's counts follow. */
  async fixRow(principal: Principal, id: string, rowId: string, fix: ImportRowFix): Promise<ImportRowView> {
    const current = await this.get(principal, id);
    if (current.state !== 'ready') throw Errors.conflict(MESSAGES.importNotReady);
    const row = await this.repo.row(id, rowId);
    if (!row) throw Errors.notFound(MESSAGES.importRowNotFound);
    if (row.state === 'created') throw Errors.conflict(MESSAGES.importRowCreated);
    const client = (await this.parcelsRepo.clientFacts(current.clientId))!;
    const cells = current.headers.map((_, i) => fix.cells[i] ?? '');
    const others = await this.repo.otherRowNumbers(id, rowId);
    const [checked] = await this.checker.check(
      client,
      current.headers,
      current.columnMap,
      [{ row: row.row, cells }],
      others,
    );
    await this.repo.updateRow(rowId, checked!);
    await this.repo.recount(id);
    const after = (await this.repo.row(id, rowId))!;
    await this.publishRow(after);
    await this.announce(id, principal, false);
    return after;
  }

  /** `POST /import/approved/{id}`: `ready` → `approving`, and the job that creates the valid rows' parcels. */
  async approve(principal: Principal, id: string): Promise<ImportView> {
    const current = await this.get(principal, id);
    if (current.state !== 'ready') throw Errors.conflict(MESSAGES.importNotReady);
    if (current.validRows === 0) throw Errors.conflict(MESSAGES.importNothingValid);
    await this.parcels.assertMayOrder(principal, (await this.parcelsRepo.clientFacts(current.clientId))!);
    if (!(await this.repo.moveState(id, 'ready', 'approving')))
      throw Errors.conflict(MESSAGES.importNotReady);
    const { jobId } = await this.jobs.start(
      IMPORT_APPROVE_JOB,
      { importId: id, principal },
      principal.userId,
    );
    await this.repo.setState(id, 'approving', { jobId });
    await this.audit.record(principal, { type: 'import.approve', entity: 'import', entityId: id });
    return this.announce(id, principal, false);
  }

  /** `POST /import/cancel/{id}`: a `ready` import is discarded; nothing was created. */
  async cancel(principal: Principal, id: string): Promise<ImportView> {
    await this.get(principal, id);
    if (!(await this.repo.moveState(id, 'ready', 'cancelled', { finishedAt: new Date() })))
      throw Errors.conflict(MESSAGES.importNotReady);
    await this.repo.discardRows(id);
    await this.audit.record(principal, { type: 'import.cancel', entity: 'import', entityId: id });
    return this.announce(id, principal, false);
  }

  /** The import as it is now, to its lists (staff, and its client's users) and its own room. */
  async announce(id: string, actor: Principal | null, created: boolean): Promise<ImportView> {
    const view = (await this.repo.get(id, null))!;
    await publishClientListUpsert(this.bus, 'imports', view, actor, created);
    return view;
  }

  private async publishRow(row: ImportRowView): Promise<void> {
    await this.bus.publish({
      type: 'list.changed',
      rooms: [rooms.import(row.importId)],
      change: { list: 'importRows', op: 'upsert', row, actorId: null, created: false },
    });
  }
}
