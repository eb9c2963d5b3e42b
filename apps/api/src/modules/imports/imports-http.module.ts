import { Module } from '@nestjs/common';
import { ImportsController } from './imports.controller';
import { ImportsModule } from './imports.module';

/** The imports' calls (api role). */
@Module({ imports: [ImportsModule], controllers: [ImportsController] })
export class ImportsHttpModule {}
