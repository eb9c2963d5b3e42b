import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

/** The home page's dashboard (decision 0123): counts read in SQL, scoped to the caller's client. */
@Module({ controllers: [DashboardController], providers: [DashboardService, DashboardRepository] })
export class DashboardModule {}
