import { HttpException, Injectable } from '@nestjs/common';
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
import {
  columnMapFits,
  importHeader,
  missingColumns,
  recognizeColumns,
  type ImportColumnMap,
} from '@depot/domain';
import type { z } from 'zod';
import { Errors } from '../../common/errors';
import { publishClientListDelete, publishClientListUpsert } from '../../common/client-list-events';
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
import { streamShipmentFile, type ShipmentRowHandlers } from './parse/read-shipment-file';
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
    // The file is read as a stream (decision 0155): each part of rows is checked as it is read and written while the
    // next is checked, one write at a time, in file order. The import is created once the headers are mapped and a
    // data row is found; a file refused after that (too many rows, unreadable part way) is removed whole.
    // Set by the handlers as the file is read.
    const run: { id: string | null; headers: string[]; map: ImportColumnMap } = {
      id: null,
      headers: [],
      map: {},
    };
    let writing: Promise<void> = Promise.resolve();
    // The numbers of the rows checked so far: a number repeated in a later part of the file is a duplicate too.
    const seen = new Map<string, number>();
    const handlers: ShipmentRowHandlers = {
      headers: async (headers, meta) => {
        const map = await this.columnMapOf(clientId, fields, headers);
        Object.assign(run, { headers, map });
        run.id = await this.repo.create({
          clientId,
          createdById: principal.userId,
          apiKeyId: principal.kind === 'apiKey' ? principal.apiKeyId : null,
          fileName: file.originalname.slice(0, 255),
          kind: meta.kind,
          encoding: meta.encoding,
          delimiter: meta.delimiter,
          headers,
          columnMap: map,
          state: 'validating',
          totalRows: 0,
        });
        await this.announce(run.id, principal, true);
      },
      rows: async (part) => {
        const checked = await this.checker.check(client, run.headers, run.map, part, [], seen);
        await writing;
        const importId = run.id!;
        writing = (async () => {
          await this.repo.insertRows(importId, checked);
          // Alive, with the rows read so far: the sweep leaves a check that moves (decision 0153), lists see it grow.
          await this.stalls.touch(importId, checked.length);
          await this.announce(importId, principal, false);
        })();
        // Handled at the next `await writing`; meanwhile not an unhandled rejection.
        writing.catch(() => undefined);
      },
    };
    try {
      const read = await streamShipmentFile(file.buffer, file.originalname, handlers, {
        partRows: CHECK_BATCH,
      });
      await writing;
      if (!read.ok) {
        if (run.id) await this.discard(run.id, clientId, principal);
        throw Errors.validation(read.message, [{ path: 'file', message: read.message }]);
      }
      await this.repo.recount(run.id!);
      // Only from `validating`: a check the sweep already failed stays failed (decision 0153).
      await this.repo.moveState(run.id!, 'validating', 'ready');
    } catch (err) {
      await writing.catch(() => undefined);
      if (run.id && !(err instanceof HttpException)) {
        await this.repo.setState(run.id, 'failed', {
          errorMessage: MESSAGES.somethingWentWrong,
          finishedAt: new Date(),
        });
        await this.announce(run.id, principal, false);
      }
      throw err;
    }
    const id = run.id!;
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

  /** The column map of an upload: given, from a preset, or recognised from the headers; refused when it cannot do. */
  private async columnMapOf(
    clientId: string,
    fields: UploadFields,
    headers: string[],
  ): Promise<ImportColumnMap> {
    const map =
      fields.columnMap ??
      (fields.presetId
        ? await this.presets.columnMapOf(clientId, fields.presetId, headers)
        : recognizeColumns(headers));
    if (!columnMapFits(map, headers.length)) {
      throw Errors.validation(MESSAGES.importColumnMapInvalid, [
        { path: 'columnMap', message: MESSAGES.importColumnMapInvalid },
      ]);
    }
    const missing = missingColumns(map);
    if (missing.length > 0) {
      const message = MESSAGES.importColumnsMissing(missing.map((c) => importHeader(c, 'en')).join(', '));
      throw Errors.validation(message, [{ path: 'columnMap', message }]);
    }
    return map;
  }

  /** An upload refused part way: the import and its rows are removed, and lists drop it. */
  private async discard(id: string, clientId: string, principal: Principal): Promise<void> {
    await this.repo.remove(id);
    await publishClientListDelete(this.bus, 'imports', { id, clientId }, principal);
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
