import { Module } from '@nestjs/common';
import { StatusRefreshController } from './status-refresh.controller';
import { StatusRefreshModule } from './status-refresh.module';
import { StatusRefreshStarter } from './status-refresh-starter';

/** The status refresh's calls (api role). */
@Module({
  imports: [StatusRefreshModule],
  controllers: [StatusRefreshController],
  providers: [StatusRefreshStarter],
})
export class StatusRefreshHttpModule {}
