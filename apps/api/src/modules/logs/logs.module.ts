import { Module } from '@nestjs/common';
import { LogsController } from './logs.controller';
import { LogsRepository } from './logs.repository';
import { LogsService } from './logs.service';

/** The change log screen (administration/logs) over audit_log, and its live list. */
@Module({ controllers: [LogsController], providers: [LogsService, LogsRepository] })
export class LogsModule {}
