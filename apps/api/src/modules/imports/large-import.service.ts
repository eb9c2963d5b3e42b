import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type LargeImportReply,
  type Principal,
  type importUploadFieldsSchema,
} from '@depot/contracts';
import type { z } from 'zod';
import { Errors } from '../../common/errors';
import type { UploadedFileData } from '../../common/upload';
import { AuditService } from '../audit/audit.service';
import { ImportApprover } from './import-approver';
import { ImportsRepository } from './imports.repository';
import { ImportsService } from './imports.service';

/** Refused rows listed in the reply (the import keeps them all). */
const ERROR_LIST_MAX = 1000;

/**
 * `POST /large/order/createShipmentFromFile` (SPEC 7, decision 0150): the same import, checked the same way, then
 * approved in the call — the valid rows become parcels before the reply, which keeps SPEC's shape (successCount,
 * errorCount, errorList, errorDetails) for the callers that expect it.
 */
@Injectable()
export class LargeImportService {
  constructor(
    private readonly imports: ImportsService,
    private readonly approver: ImportApprover,
    private readonly repo: ImportsRepository,
    private readonly audit: AuditService,
  ) {}

  async importAndApprove(
    principal: Principal,
    file: UploadedFileData,
    fields: z.output<typeof importUploadFieldsSchema>,
  ): Promise<LargeImportReply> {
    const view = await this.imports.upload(principal, file, fields);
    if (view.validRows > 0) {
      if (!(await this.repo.moveState(view.id, 'ready', 'approving')))
        throw Errors.conflict(MESSAGES.importNotReady);
      await this.audit.record(principal, { type: 'import.approve', entity: 'import', entityId: view.id });
      await this.approver.run(principal, view.id, async () => undefined);
    }
    const after = await this.imports.get(principal, view.id);
    const refused = await this.repo.invalidRows(view.id, ERROR_LIST_MAX);
    return {
      importId: view.id,
      successCount: after.createdRows,
      errorCount: after.invalidRows,
      errorList: refused.map((r) => ({ row: r.row, errorMessage: r.errorMessage ?? '' })),
      errorDetails: refused.map((r) => ({ row: r.row, errors: r.errors })),
    };
  }
}
