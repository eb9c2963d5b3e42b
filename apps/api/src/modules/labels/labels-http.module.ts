import { Module } from '@nestjs/common';
import { LabelsController } from './labels.controller';
import { LabelsModule } from './labels.module';

/** The label endpoints of the panel (api role). */
@Module({ imports: [LabelsModule], controllers: [LabelsController] })
export class LabelsHttpModule {}
