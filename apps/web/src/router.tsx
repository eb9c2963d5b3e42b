import type { Permission } from '@depot/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
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

export const router = createBrowserRouter([
  { path: '/auth/sign-in', element: <SignInPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        ...page(
          () => import('./layout/AppShell'),
          (m) => m.AppShell,
        ),
        children: [
          {
            path: '/',
            ...page(
              () => import('./pages/HomePage'),
              (m) => m.HomePage,
            ),
          },
          {
            path: '/account',
            ...page(
              () => import('./features/account/pages/AccountPage'),
              (m) => m.AccountPage,
            ),
          },
          {
            path: '/administration/users',
            ...page(
              () => import('./features/users/pages/UsersListPage'),
              (m) => m.UsersListPage,
              ['users.read'],
            ),
          },
          {
            path: '/administration/users/create',
            ...page(
              () => import('./features/users/pages/UserCreatePage'),
              (m) => m.UserCreatePage,
              ['users.write', 'clientUsers.write'],
            ),
          },
          {
            path: '/administration/users/edit/:userId',
            ...page(
              () => import('./features/users/pages/UserEditPage'),
              (m) => m.UserEditPage,
              ['users.read', 'clientUsers.write'],
            ),
          },
          {
            path: '/administration/clients',
            ...page(
              () => import('./features/clients/pages/ClientsListPage'),
              (m) => m.ClientsListPage,
              ['clients.read'],
            ),
          },
          {
            path: '/administration/clients/create',
            ...page(
              () => import('./features/clients/pages/ClientCreatePage'),
              (m) => m.ClientCreatePage,
              ['clients.write'],
            ),
          },
          {
            // A salesman (clients.read only) opens it read-only.
            path: '/administration/clients/edit/:clientId',
            ...page(
              () => import('./features/clients/pages/ClientEditPage'),
              (m) => m.ClientEditPage,
              ['clients.read'],
            ),
          },
          {
            path: '/administration/operators',
            ...page(
              () => import('./features/operators/pages/OperatorsListPage'),
              (m) => m.OperatorsListPage,
              ['operators.read'],
            ),
          },
          {
            path: '/administration/operators/create',
            ...page(
              () => import('./features/operators/pages/OperatorCreatePage'),
              (m) => m.OperatorCreatePage,
              ['operators.write'],
            ),
          },
          {
            path: '/administration/operators/edit/:operatorId',
            ...page(
              () => import('./features/operators/pages/OperatorEditPage'),
              (m) => m.OperatorEditPage,
              ['operators.write'],
            ),
          },
          {
            path: '/orders',
            ...page(
              () => import('./features/parcels/pages/ParcelsListPage'),
              (m) => m.ParcelsListPage,
              ['parcels.read'],
            ),
          },
          {
            path: '/orders/create',
            ...page(
              () => import('./features/parcels/pages/ParcelFormPage'),
              (m) => m.ParcelFormPage,
              ['parcels.create'],
            ),
          },
          {
            // Read-only once the parcel left status new, or for those who may read parcels but not edit them.
            path: '/orders/edit/:parcelId',
            ...page(
              () => import('./features/parcels/pages/ParcelDetailsPage'),
              (m) => m.ParcelDetailsPage,
              ['parcels.read'],
            ),
          },
          {
            path: '/settings',
            ...page(
              () => import('./features/settings/pages/ClientSettingsPage'),
              (m) => m.ClientSettingsPage,
              ['ownClient.read'],
            ),
          },
          {
            path: '/settings/integrations',
            ...page(
              () => import('./features/integrations/pages/IntegrationsListPage'),
              (m) => m.IntegrationsListPage,
              ['integrations.read'],
            ),
          },
          {
            path: '/settings/integrations/create',
            ...page(
              () => import('./features/integrations/pages/IntegrationCreatePage'),
              (m) => m.IntegrationCreatePage,
              ['integrations.write'],
            ),
          },
          {
            path: '/settings/integrations/edit/:integrationId',
            ...page(
              () => import('./features/integrations/pages/IntegrationEditPage'),
              (m) => m.IntegrationEditPage,
              ['integrations.read'],
            ),
          },
          {
            path: '/settings/apiKeys',
            ...page(
              () => import('./features/api-keys/pages/ApiKeysPage'),
              (m) => m.ApiKeysPage,
              ['apiKeys.read'],
            ),
          },
          {
            path: '/administration/clientsGroups',
            ...page(
              () => import('./features/client-groups/pages/ClientGroupsListPage'),
              (m) => m.ClientGroupsListPage,
              ['clientGroups.read'],
            ),
          },
          {
            path: '/administration/clientsGroups/create',
            ...page(
              () => import('./features/client-groups/pages/ClientGroupCreatePage'),
              (m) => m.ClientGroupCreatePage,
              ['clientGroups.write'],
            ),
          },
          {
            path: '/administration/clientsGroups/edit/:groupId',
            ...page(
              () => import('./features/client-groups/pages/ClientGroupEditPage'),
              (m) => m.ClientGroupEditPage,
              ['clientGroups.write'],
            ),
          },
          {
            path: '/administration/logs',
            ...page(
              () => import('./features/logs/pages/LogsListPage'),
              (m) => m.LogsListPage,
              ['logs.read'],
            ),
          },
          {
            path: '/administration/matrixes',
            ...page(
              () => import('./features/matrices/pages/MatricesListPage'),
              (m) => m.MatricesListPage,
              ['matrices.read'],
            ),
          },
          {
            path: '/administration/matrixes/create',
            ...page(
              () => import('./features/matrices/pages/MatrixCreatePage'),
              (m) => m.MatrixCreatePage,
              ['matrices.write'],
            ),
          },
          {
            // The operator role (matrices.read) opens it read-only, with the route tester.
            path: '/administration/matrixes/edit/:matrixId',
            ...page(
              () => import('./features/matrices/pages/MatrixEditPage'),
              (m) => m.MatrixEditPage,
              ['matrices.read'],
            ),
          },
          {
            path: '/administration/matrixes/clone/:matrixId',
            ...page(
              () => import('./features/matrices/pages/MatrixClonePage'),
              (m) => m.MatrixClonePage,
              ['matrices.write'],
            ),
          },
          {
            path: '/administration/operators/replacement',
            ...page(
              () => import('./features/matrices/pages/OperatorReplacementPage'),
              (m) => m.OperatorReplacementPage,
              ['matrices.write'],
            ),
          },
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
