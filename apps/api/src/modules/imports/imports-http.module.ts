import { Module } from '@nestjs/common';
import { ImportsController } from './imports.controller';
import { ImportsModule } from './imports.module';
import { ImportPresetsController } from './presets/import-presets.controller';

/** The imports' calls (api role). */
@Module({ imports: [ImportsModule], controllers: [ImportsController, ImportPresetsController] })
export class ImportsHttpModule {}
