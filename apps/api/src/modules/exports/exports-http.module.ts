import { Module } from '@nestjs/common';
import { ExportsController } from './exports.controller';
import { ExportsService } from './exports.service';

/** The export endpoints (SPEC §7): direct files, export jobs, downloads. Uses ExportsModule's global providers. */
@Module({ controllers: [ExportsController], providers: [ExportsService] })
export class ExportsHttpModule {}
