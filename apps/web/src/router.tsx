import type { Permission } from '@depot/contracts';
import { SCREENS, type Screen } from '@depot/contracts/base';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { routerState } from './ui/list/pendingNavigation';
import { SignInPage } from './features/auth/pages/SignInPage';
import { ForbiddenPage } from './pages/ForbiddenPage';
import { RequirePermission, RequireSession } from './session/RequireSession';

/**
 * A route whose page is its own chunk, downloaded when the route is first matched (decision 0110): the sign-in page
 * (kept in the entry chunk, it is the first page most visits see) does not download the administration, the parcels
 * and the rest. Vite preloads a chunk's imports with it; the router waits for the chunk before it renders the route.
 */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  any?: Permission[],
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const Page = pick(await load());
      return {
        element: any ? (
          <RequirePermission any={any}>
            <Page />
          </RequirePermission>
        ) : (
          <Page />
        ),
      };
    },
  };
}

// A chunk of an older build is gone after a deploy (the server answers 404 for it): load the new build once, not
// more often than every ten seconds (a chunk missing from the new build too would otherwise reload forever).
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('depot.chunkReload') ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem('depot.chunkReload', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

/** A screen's route: its path and the permissions guarding it come from SCREENS (libs/contracts/src/screens.ts). */
function screen<M>(s: Screen, load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject {
  return { path: s.path, ...page(load, pick, s.permissions && [...s.permissions]) };
}

export const router = createBrowserRouter([
  { path: '/auth/sign-in', element: <SignInPage /> },
  // A terminal's wall screen, full screen (decision 0129): opened with a wall-screen link's token (no sign-in), or
  // signed in by staff who scan or watch wall screens.
  {
    path: SCREENS.wallScreen.path,
    ...page(
      () => import('./features/wall-screens/pages/WallScreenRoute'),
      (m) => m.WallScreenRoute,
    ),
    children: [
      {
        index: true,
        ...page(
          () => import('./features/wall-screens/pages/WallScreenRoute'),
          (m) => m.SignedInWallScreen,
          [...(SCREENS.wallScreen.permissions ?? [])],
        ),
      },
    ],
  },
  {
    element: <RequireSession />,
    children: [
      {
        ...page(
          () => import('./layout/AppShell'),
          (m) => m.AppShell,
        ),
        children: [
          screen(
            SCREENS.home,
            () => import('./pages/HomePage'),
            (m) => m.HomePage,
          ),
          screen(
            SCREENS.account,
            () => import('./features/account/pages/AccountPage'),
            (m) => m.AccountPage,
          ),
          screen(
            SCREENS.users,
            () => import('./features/users/pages/UsersListPage'),
            (m) => m.UsersListPage,
          ),
          screen(
            SCREENS.userCreate,
            () => import('./features/users/pages/UserCreatePage'),
            (m) => m.UserCreatePage,
          ),
          screen(
            SCREENS.userEdit,
            () => import('./features/users/pages/UserEditPage'),
            (m) => m.UserEditPage,
          ),
          screen(
            SCREENS.clients,
            () => import('./features/clients/pages/ClientsListPage'),
            (m) => m.ClientsListPage,
          ),
          screen(
            SCREENS.clientCreate,
            () => import('./features/clients/pages/ClientCreatePage'),
            (m) => m.ClientCreatePage,
          ),
          // A salesman (clients.read only) opens it read-only.
          screen(
            SCREENS.clientEdit,
            () => import('./features/clients/pages/ClientEditPage'),
            (m) => m.ClientEditPage,
          ),
          screen(
            SCREENS.operators,
            () => import('./features/operators/pages/OperatorsListPage'),
            (m) => m.OperatorsListPage,
          ),
          screen(
            SCREENS.operatorCreate,
            () => import('./features/operators/pages/OperatorCreatePage'),
            (m) => m.OperatorCreatePage,
          ),
          screen(
            SCREENS.operatorEdit,
            () => import('./features/operators/pages/OperatorEditPage'),
            (m) => m.OperatorEditPage,
          ),
          screen(
            SCREENS.parcels,
            () => import('./features/parcels/pages/ParcelsListPage'),
            (m) => m.ParcelsListPage,
          ),
          screen(
            SCREENS.parcelCreate,
            () => import('./features/parcels/pages/ParcelFormPage'),
            (m) => m.ParcelFormPage,
          ),
          // Read-only once the parcel left status new, or for those who may read parcels but not edit them.
          screen(
            SCREENS.parcelDetails,
            () => import('./features/parcels/pages/ParcelDetailsPage'),
            (m) => m.ParcelDetailsPage,
          ),
          screen(
            SCREENS.settings,
            () => import('./features/settings/pages/ClientSettingsPage'),
            (m) => m.ClientSettingsPage,
          ),
          screen(
            SCREENS.integrations,
            () => import('./features/integrations/pages/IntegrationsListPage'),
            (m) => m.IntegrationsListPage,
          ),
          screen(
            SCREENS.integrationCreate,
            () => import('./features/integrations/pages/IntegrationCreatePage'),
            (m) => m.IntegrationCreatePage,
          ),
          screen(
            SCREENS.integrationEdit,
            () => import('./features/integrations/pages/IntegrationEditPage'),
            (m) => m.IntegrationEditPage,
          ),
          screen(
            SCREENS.apiKeys,
            () => import('./features/api-keys/pages/ApiKeysPage'),
            (m) => m.ApiKeysPage,
          ),
          screen(
            SCREENS.webhooks,
            () => import('./features/webhooks/pages/WebhooksPage'),
            (m) => m.WebhooksPage,
          ),
          screen(
            SCREENS.webhookCreate,
            () => import('./features/webhooks/pages/WebhookCreatePage'),
            (m) => m.WebhookCreatePage,
          ),
          screen(
            SCREENS.webhookDetails,
            () => import('./features/webhooks/pages/WebhookPage'),
            (m) => m.WebhookPage,
          ),
          screen(
            SCREENS.clientGroups,
            () => import('./features/client-groups/pages/ClientGroupsListPage'),
            (m) => m.ClientGroupsListPage,
          ),
          screen(
            SCREENS.clientGroupCreate,
            () => import('./features/client-groups/pages/ClientGroupCreatePage'),
            (m) => m.ClientGroupCreatePage,
          ),
          screen(
            SCREENS.clientGroupEdit,
            () => import('./features/client-groups/pages/ClientGroupEditPage'),
            (m) => m.ClientGroupEditPage,
          ),
          screen(
            SCREENS.sectors,
            () => import('./features/sectors/pages/SectorsListPage'),
            (m) => m.SectorsListPage,
          ),
          screen(
            SCREENS.sectorCreate,
            () => import('./features/sectors/pages/SectorCreatePage'),
            (m) => m.SectorCreatePage,
          ),
          screen(
            SCREENS.sectorMap,
            () => import('./features/sectors/pages/SectorMapPage'),
            (m) => m.SectorMapPage,
          ),
          screen(
            SCREENS.statuses,
            () => import('./features/statuses/pages/StatusesListPage'),
            (m) => m.StatusesListPage,
          ),
          screen(
            SCREENS.statusCreate,
            () => import('./features/statuses/pages/StatusCreatePage'),
            (m) => m.StatusCreatePage,
          ),
          screen(
            SCREENS.statusMap,
            () => import('./features/statuses/pages/StatusMapPage'),
            (m) => m.StatusMapPage,
          ),
          screen(
            SCREENS.consolidations,
            () => import('./features/consolidations/pages/ConsolidationsListPage'),
            (m) => m.ConsolidationsListPage,
          ),
          screen(
            SCREENS.consolidationCreate,
            () => import('./features/consolidations/pages/ConsolidationCreatePage'),
            (m) => m.ConsolidationCreatePage,
          ),
          screen(
            SCREENS.consolidationDetails,
            () => import('./features/consolidations/pages/ConsolidationDetailsPage'),
            (m) => m.ConsolidationDetailsPage,
          ),
          screen(
            SCREENS.scanning,
            () => import('./features/scanning/pages/ScanningPage'),
            (m) => m.ScanningPage,
          ),
          screen(
            SCREENS.imports,
            () => import('./features/imports/pages/ImportsPage'),
            (m) => m.ImportsPage,
          ),
          screen(
            SCREENS.importDetails,
            () => import('./features/imports/pages/ImportDetailsPage'),
            (m) => m.ImportDetailsPage,
          ),
          screen(
            SCREENS.realWeights,
            () => import('./features/weights/pages/RealWeightsPage'),
            (m) => m.RealWeightsPage,
          ),
          screen(
            SCREENS.realWeightDetails,
            () => import('./features/weights/pages/RealWeightDetailsPage'),
            (m) => m.RealWeightDetailsPage,
          ),
          screen(
            SCREENS.logs,
            () => import('./features/logs/pages/LogsListPage'),
            (m) => m.LogsListPage,
          ),
          screen(
            SCREENS.matrices,
            () => import('./features/matrices/pages/MatricesListPage'),
            (m) => m.MatricesListPage,
          ),
          screen(
            SCREENS.matrixCreate,
            () => import('./features/matrices/pages/MatrixCreatePage'),
            (m) => m.MatrixCreatePage,
          ),
          // The operator role (matrices.read) opens it read-only, with the route tester.
          screen(
            SCREENS.matrixEdit,
            () => import('./features/matrices/pages/MatrixEditPage'),
            (m) => m.MatrixEditPage,
          ),
          screen(
            SCREENS.matrixClone,
            () => import('./features/matrices/pages/MatrixClonePage'),
            (m) => m.MatrixClonePage,
          ),
          screen(
            SCREENS.operatorReplacement,
            () => import('./features/matrices/pages/OperatorReplacementPage'),
            (m) => m.OperatorReplacementPage,
          ),
          screen(
            SCREENS.wallScreens,
            () => import('./features/wall-screens/pages/WallScreensPage'),
            (m) => m.WallScreensPage,
          ),
          { path: '/403', element: <ForbiddenPage /> },
          {
            path: '/404',
            ...page(
              () => import('./pages/NotFoundPage'),
              (m) => m.NotFoundPage,
            ),
          },
          {
            path: '*',
            ...page(
              () => import('./pages/NotFoundPage'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
]);
// A list's view reads where the router is going the moment it sets out, and how often it moved
// (ui/list/pendingNavigation.ts).
router.subscribe((state) =>
  routerState(
    state.navigation.state === 'idle' ? null : (state.navigation.location?.pathname ?? null),
    state.location,
  ),
);
