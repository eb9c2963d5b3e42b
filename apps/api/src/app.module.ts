import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { CoreModule, type CoreDeps } from './core/core.module';
import { HttpLoggingModule } from './logging/http-logging.module';
import { AuditModule } from './modules/audit/audit.module';
import { AuthCoreModule } from './modules/auth/auth.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { AuthHttpModule } from './modules/auth/auth-http.module';
import { ClientsModule } from './modules/clients/clients.module';
import { ClientGroupsModule } from './modules/client-groups/client-groups.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { SectorsModule } from './modules/sectors/sectors.module';
import { StatusMapModule } from './modules/status-map/status-map.module';
import { StatusRefreshModule } from './modules/status-refresh/status-refresh.module';
import { StatusRefreshHttpModule } from './modules/status-refresh/status-refresh-http.module';
import { ParcelRegistrationModule } from './modules/parcel-registration/parcel-registration.module';
import { ParcelRegistrationHttpModule } from './modules/parcel-registration/parcel-registration-http.module';
import { ScansModule } from './modules/scans/scans.module';
import { WallScreensModule } from './modules/wall-screens/wall-screens.module';
import { ConsolidationsModule } from './modules/consolidations/consolidations.module';
import { LogsModule } from './modules/logs/logs.module';
import { MatricesExportModule } from './modules/matrices/matrices-export.module';
import { MatricesModule } from './modules/matrices/matrices.module';
import { OperatorsModule } from './modules/operators/operators.module';
import { OperatorsExportModule } from './modules/operators/operators-export.module';
import { ParcelsModule } from './modules/parcels/parcels.module';
import { ParcelsCoreModule } from './modules/parcels/parcels-core.module';
import { ParcelsExportModule } from './modules/parcels/export/parcels-export.module';
import { HealthModule } from './modules/health/health.module';
import { IntegrationsModule } from './modules/integrations/integrations.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { JobsHttpModule } from './modules/jobs/jobs-http.module';
import { ExportsModule } from './modules/exports/exports.module';
import { ExportsHttpModule } from './modules/exports/exports-http.module';
import { LabelsModule } from './modules/labels/labels.module';
import { LabelsHttpModule } from './modules/labels/labels-http.module';
import { ExternalApiModule } from './modules/external-api/external-api.module';
import { ClientsExportModule } from './modules/clients/clients-export.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { SeedModule } from './modules/seed/seed.module';
import { UsersModule } from './modules/users/users.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';
import { WebhooksHttpModule } from './modules/webhooks/webhooks-http.module';
import { ImportsModule } from './modules/imports/imports.module';
import { ImportsHttpModule } from './modules/imports/imports-http.module';
import { WeightsModule } from './modules/weights/weights.module';

/** Feature modules that serve REST calls (api role). New features add their module here. */
const API_MODULES: Type[] = [
  AuthHttpModule,
  UsersModule,
  ClientsModule,
  ClientGroupsModule,
  SectorsModule,
  StatusMapModule,
  StatusRefreshHttpModule,
  ParcelRegistrationHttpModule,
  ImportsHttpModule,
  WeightsModule,
  ScansModule,
  WallScreensModule,
  ConsolidationsModule,
  LogsModule,
  ApiKeysModule,
  IntegrationsModule,
  MatricesModule,
  OperatorsModule,
  ExportsHttpModule,
  LabelsHttpModule,
  JobsHttpModule,
  ExternalApiModule,
  ParcelsModule,
  DashboardModule,
  WebhooksHttpModule,
];

/**
 * Modules that register export sources, loaded in every process: the export job reads the sources wherever jobs
 * run, including worker-only processes (decision 0045). A source registered by an API module works when the api and
 * worker roles share a process (the default).
 */
const EXPORT_SOURCE_MODULES: Type[] = [
  ClientsExportModule,
  OperatorsExportModule,
  MatricesExportModule,
  ParcelsExportModule,
];

/** Extra wiring for a process: tests add their own modules (e.g. a test-only job). */
export interface AppModuleOptions {
  /** Modules imported after the built-in ones, whatever the roles. */
  extraModules?: Type[];
}

@Module({})
export class AppModule {
  static forRoot(deps: CoreDeps, options: AppModuleOptions = {}): DynamicModule {
    const roles = deps.config.roles;
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(deps),
        HttpLoggingModule,
        AuditModule,
        AuthCoreModule,
        JobsModule,
        ExportsModule,
        // The bulk label job runs wherever jobs run (decision 0057).
        LabelsModule,
        ...EXPORT_SOURCE_MODULES,
        // Parcels' repositories, creation with routing, status changes, cancellation with the carrier ports, and
        // their jobs (generation, cancellation): every process, as jobs run anywhere.
        ParcelsCoreModule,
        // The status refresh's jobs (a selection, the schedule) run wherever jobs run (decision 0145).
        StatusRefreshModule,
        // Registration at the carrier: the trigger on new parcels, the send job and the retry sweep (decision 0147).
        ParcelRegistrationModule,
        // Webhooks are enqueued and sent wherever jobs run (decision 0146).
        WebhooksModule,
        // Imports: the approve job runs wherever jobs run (decision 0150).
        ImportsModule,
        SeedModule,
        HealthModule,
        ...(roles.includes('api') ? API_MODULES : []),
        ...(roles.includes('gateway') ? [RealtimeModule] : []),
        ...(options.extraModules ?? []),
      ],
    };
  }
}
