import { Module } from '@nestjs/common';
import { RenderLabelsJob } from './jobs/render-labels.job';
import { LabelsRepository } from './labels.repository';
import { LabelsService } from './labels.service';

/**
 * Labels, the part every process needs: the repository, the service the parcels endpoints and the external API call
 * (`renderForParcels`), and the bulk label job (it runs wherever jobs run). The endpoints are in LabelsHttpModule.
 */
@Module({
  providers: [LabelsRepository, LabelsService, RenderLabelsJob],
  exports: [LabelsService],
})
export class LabelsModule {}
