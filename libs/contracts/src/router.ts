import { apiKeyRoutes } from './api-keys/routes';
import { exportRoutes } from './exports/routes';
import { labelRoutes } from './labels/routes';
import { jobRoutes } from './jobs/routes';
import { clientRoutes } from './clients/routes';
import { clientGroupRoutes } from './client-groups/routes';
import { dashboardRoutes } from './dashboard/routes';
import { logRoutes } from './logs/routes';
import { matrixRoutes } from './matrices/routes';
import { authRoutes } from './auth/routes';
import { healthRoutes } from './health/routes';
import { userRoutes } from './users/routes';
import { integrationRoutes } from './integrations/routes';
import { operatorRoutes, operatorServiceRoutes } from './operators/routes';
import { parcelRoutes } from './parcels/routes';
import { sectorRoutes } from './sectors/routes';
import { statusMapRoutes } from './status-map/routes';
import { scanRoutes } from './scans/routes';
import { wallScreenRoutes } from './wall-screens/routes';
import { consolidationRoutes } from './consolidations/routes';
import { webhookRoutes } from './webhooks/routes';
import { carrierRegistrationRoutes } from './carrier-registration/routes';
import { importRoutes } from './imports/routes';
import { importPresetRoutes } from './imports/presets';
import { weightRoutes } from './weights/routes';

/**
 * Every route of the API, declared once (decision 0108): the API binds its handlers to these entries (validation,
 * permission, OpenAPI), and the panel's client is made from this object. A new feature adds its routes here.
 */
export const contract = {
  matrices: matrixRoutes,
  logs: logRoutes,
  apiKeys: apiKeyRoutes,
  exports: exportRoutes,
  labels: labelRoutes,
  jobs: jobRoutes,
  clients: clientRoutes,
  clientGroups: clientGroupRoutes,
  users: userRoutes,
  auth: authRoutes,
  health: healthRoutes,
  operators: operatorRoutes,
  operatorServices: operatorServiceRoutes,
  integrations: integrationRoutes,
  parcels: parcelRoutes,
  dashboard: dashboardRoutes,
  sectors: sectorRoutes,
  statusMap: statusMapRoutes,
  scans: scanRoutes,
  wallScreens: wallScreenRoutes,
  consolidations: consolidationRoutes,
  webhooks: webhookRoutes,
  carrierRegistration: carrierRegistrationRoutes,
  imports: importRoutes,
  importPresets: importPresetRoutes,
  weights: weightRoutes,
};
export type Contract = typeof contract;
