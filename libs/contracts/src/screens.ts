import type { Permission } from './permissions';

/**
 * A screen of the panel: its path (react-router's pattern, `:name` for a record's id), the permissions of which a
 * user needs any to open it (none: every signed-in user), the catalogue id of its title (the heading and the
 * browser title), and its root element's test id. The router guards each path with these permissions, the menu
 * shows an entry by them, and the browser suite's role walk opens exactly the screens each role may open.
 */
export interface Screen {
  path: string;
  permissions?: readonly Permission[];
  titleId: string;
  root: string;
}

const screen = <S extends Screen>(s: S): S => s;

export const SCREENS = {
  home: screen({ path: '/', titleId: 'page.default', root: 'page-home' }),
  account: screen({ path: '/account', titleId: 'account.title', root: 'page-account' }),
  users: screen({
    path: '/administration/users',
    permissions: ['users.read'],
    titleId: 'users.title',
    root: 'page-users',
  }),
  userCreate: screen({
    path: '/administration/users/create',
    permissions: ['users.write', 'clientUsers.write'],
    titleId: 'users.createTitle',
    root: 'page-user-create',
  }),
  userEdit: screen({
    path: '/administration/users/edit/:userId',
    permissions: ['users.read', 'clientUsers.write'],
    titleId: 'users.editTitle',
    root: 'page-user-edit',
  }),
  clients: screen({
    path: '/administration/clients',
    permissions: ['clients.read'],
    titleId: 'clients.title',
    root: 'page-clients',
  }),
  clientCreate: screen({
    path: '/administration/clients/create',
    permissions: ['clients.write'],
    titleId: 'clients.createTitle',
    root: 'page-client-create',
  }),
  // A salesman (clients.read only) opens it read-only, titled "Client" instead of "Edit client".
  clientEdit: screen({
    path: '/administration/clients/edit/:clientId',
    permissions: ['clients.read'],
    titleId: 'clients.editTitle',
    root: 'page-client-edit',
  }),
  operators: screen({
    path: '/administration/operators',
    permissions: ['operators.read'],
    titleId: 'operators.title',
    root: 'page-operators',
  }),
  operatorCreate: screen({
    path: '/administration/operators/create',
    permissions: ['operators.write'],
    titleId: 'operators.createTitle',
    root: 'page-operator-create',
  }),
  operatorEdit: screen({
    path: '/administration/operators/edit/:operatorId',
    permissions: ['operators.write'],
    titleId: 'operators.editTitle',
    root: 'page-operator-edit',
  }),
  operatorReplacement: screen({
    path: '/administration/operators/replacement',
    permissions: ['matrices.write'],
    titleId: 'replacement.title',
    root: 'page-operator-replacement',
  }),
  parcels: screen({
    path: '/orders',
    permissions: ['parcels.read'],
    titleId: 'parcels.title',
    root: 'page-parcels',
  }),
  parcelCreate: screen({
    path: '/orders/create',
    permissions: ['parcels.create'],
    titleId: 'parcelForm.createTitle',
    root: 'page-parcel-create',
  }),
  parcelDetails: screen({
    path: '/orders/edit/:parcelId',
    permissions: ['parcels.read'],
    titleId: 'parcelDetails.title',
    root: 'page-parcel-details',
  }),
  settings: screen({
    path: '/settings',
    permissions: ['ownClient.read'],
    titleId: 'settings.title',
    root: 'page-settings',
  }),
  integrations: screen({
    path: '/settings/integrations',
    permissions: ['integrations.read'],
    titleId: 'integrations.title',
    root: 'page-integrations',
  }),
  integrationCreate: screen({
    path: '/settings/integrations/create',
    permissions: ['integrations.write'],
    titleId: 'integrations.createTitle',
    root: 'page-integration-create',
  }),
  integrationEdit: screen({
    path: '/settings/integrations/edit/:integrationId',
    permissions: ['integrations.read'],
    titleId: 'integrations.editTitle',
    root: 'page-integration-edit',
  }),
  apiKeys: screen({
    path: '/settings/apiKeys',
    permissions: ['apiKeys.read'],
    titleId: 'apiKeys.title',
    root: 'page-api-keys',
  }),
  // Issue 15 item 4 (decision 0146): webhook endpoints, a new one (its secret shown once), and an endpoint's page
  // with its delivery log.
  webhooks: screen({
    path: '/settings/webhooks',
    permissions: ['webhooks.read'],
    titleId: 'webhooks.title',
    root: 'page-webhooks',
  }),
  webhookCreate: screen({
    path: '/settings/webhooks/create',
    permissions: ['webhooks.write'],
    titleId: 'webhooks.createTitle',
    root: 'page-webhook-create',
  }),
  webhookDetails: screen({
    path: '/settings/webhooks/:webhookId',
    permissions: ['webhooks.read'],
    titleId: 'webhooks.detailsTitle',
    root: 'page-webhook-details',
  }),
  clientGroups: screen({
    path: '/administration/clientsGroups',
    permissions: ['clientGroups.read'],
    titleId: 'clientGroups.title',
    root: 'page-client-groups',
  }),
  clientGroupCreate: screen({
    path: '/administration/clientsGroups/create',
    permissions: ['clientGroups.write'],
    titleId: 'clientGroups.createTitle',
    root: 'page-client-group-create',
  }),
  clientGroupEdit: screen({
    path: '/administration/clientsGroups/edit/:groupId',
    permissions: ['clientGroups.write'],
    titleId: 'clientGroups.editTitle',
    root: 'page-client-group-edit',
  }),
  logs: screen({
    path: '/administration/logs',
    permissions: ['logs.read'],
    titleId: 'logs.title',
    root: 'page-logs',
  }),
  matrices: screen({
    path: '/administration/matrixes',
    permissions: ['matrices.read'],
    titleId: 'matrices.title',
    root: 'page-matrices',
  }),
  matrixCreate: screen({
    path: '/administration/matrixes/create',
    permissions: ['matrices.write'],
    titleId: 'matrices.createTitle',
    root: 'page-matrix-create',
  }),
  matrixEdit: screen({
    path: '/administration/matrixes/edit/:matrixId',
    permissions: ['matrices.read'],
    titleId: 'matrices.editTitle',
    root: 'page-matrix-edit',
  }),
  matrixClone: screen({
    path: '/administration/matrixes/clone/:matrixId',
    permissions: ['matrices.write'],
    titleId: 'matrices.cloneTitle',
    root: 'page-matrix-clone',
  }),
  sectors: screen({
    path: '/administration/sectors',
    permissions: ['sectors.read'],
    titleId: 'sectors.title',
    root: 'page-sectors',
  }),
  sectorCreate: screen({
    path: '/administration/sectors/create',
    permissions: ['sectors.write'],
    titleId: 'sectors.createTitle',
    root: 'page-sector-create',
  }),
  // SPEC 2 "/administration/sectors (+ create, map)": the sector's fields and its carriers (decision 0124).
  sectorMap: screen({
    path: '/administration/sectors/map/:sectorId',
    permissions: ['sectors.write'],
    titleId: 'sectors.mapTitle',
    root: 'page-sector-map',
  }),
  // SPEC 2 "/administration/statuses (+ create)" and "/administration/mapStatus/map" (decision 0144).
  statuses: screen({
    path: '/administration/statuses',
    permissions: ['statuses.read'],
    titleId: 'statuses.title',
    root: 'page-statuses',
  }),
  statusCreate: screen({
    path: '/administration/statuses/create',
    permissions: ['statuses.write'],
    titleId: 'statuses.createTitle',
    root: 'page-status-create',
  }),
  statusMap: screen({
    path: '/administration/mapStatus/map',
    permissions: ['statuses.write'],
    titleId: 'statuses.mapTitle',
    root: 'page-status-map',
  }),
  // Issue 14 item 5 (decision 0129): wall-screen links, and a terminal's wall screen opened by signed-in staff (a
  // link's token opens it without sign-in).
  wallScreens: screen({
    path: '/operatingModule/wallScreens',
    permissions: ['wallScreens.read'],
    titleId: 'wallScreens.title',
    root: 'page-wall-screens',
  }),
  wallScreen: screen({
    path: '/operatingModule/wall/:terminal',
    permissions: ['operating.scan', 'wallScreens.read'],
    titleId: 'wall.title',
    root: 'page-wall-screen',
  }),
  // SPEC 2 "/operatingModule/consolidation/details and /operatingModule/consolidation/create", and the list SPEC 2
  // names among the lists (decision 0128).
  consolidations: screen({
    path: '/operatingModule/consolidation/list',
    permissions: ['consolidations.read'],
    titleId: 'consolidations.title',
    root: 'page-consolidations',
  }),
  consolidationCreate: screen({
    path: '/operatingModule/consolidation/create',
    permissions: ['consolidations.write'],
    titleId: 'consolidations.createTitle',
    root: 'page-consolidation-create',
  }),
  consolidationDetails: screen({
    path: '/operatingModule/consolidation/details/:consolidationId',
    permissions: ['consolidations.read'],
    titleId: 'consolidations.detailsTitle',
    root: 'page-consolidation-details',
  }),
  // SPEC 2 "/import (+ details)": imports of shipments from files, and one import's rows (issue 16, decision 0150).
  imports: screen({
    path: '/import',
    permissions: ['import.read'],
    titleId: 'imports.title',
    root: 'page-imports',
  }),
  importDetails: screen({
    path: '/import/details/:importId',
    permissions: ['import.read'],
    titleId: 'imports.detailsTitle',
    root: 'page-import-details',
  }),
  // Real weights from carriers' files, and one file's report (issue 16 item 4, decision 0151).
  realWeights: screen({
    path: '/import/realWeights',
    permissions: ['accounting.read'],
    titleId: 'weights.title',
    root: 'page-real-weights',
  }),
  realWeightDetails: screen({
    path: '/import/realWeights/:weightImportId',
    permissions: ['accounting.read'],
    titleId: 'weights.detailsTitle',
    root: 'page-real-weight-details',
  }),
  // SPEC 2 "Operating module → change statuses": the scanning screen (issue 14, decision 0130).
  scanning: screen({
    path: '/operatingModule/changeStatuses',
    permissions: ['operating.scan'],
    titleId: 'scanning.title',
    root: 'page-scanning',
  }),
} as const;

export type ScreenName = keyof typeof SCREENS;

/** Whether a user holding `can` may open the screen. */
export const mayOpen = (s: Screen, can: (p: Permission) => boolean): boolean =>
  !s.permissions || s.permissions.some(can);
