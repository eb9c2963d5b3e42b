import { createBrowserRouter } from 'react-router';
import { AccountPage } from './features/account/pages/AccountPage';
import { ClientCreatePage } from './features/clients/pages/ClientCreatePage';
import { ClientEditPage } from './features/clients/pages/ClientEditPage';
import { ClientsListPage } from './features/clients/pages/ClientsListPage';
import { ClientGroupCreatePage } from './features/client-groups/pages/ClientGroupCreatePage';
import { ClientGroupEditPage } from './features/client-groups/pages/ClientGroupEditPage';
import { ClientGroupsListPage } from './features/client-groups/pages/ClientGroupsListPage';
import { LogsListPage } from './features/logs/pages/LogsListPage';
import { ClientSettingsPage } from './features/settings/pages/ClientSettingsPage';
import { ApiKeysPage } from './features/api-keys/pages/ApiKeysPage';
import { IntegrationCreatePage } from './features/integrations/pages/IntegrationCreatePage';
import { IntegrationEditPage } from './features/integrations/pages/IntegrationEditPage';
import { IntegrationsListPage } from './features/integrations/pages/IntegrationsListPage';
import { SignInPage } from './features/auth/pages/SignInPage';
import { UserCreatePage } from './features/users/pages/UserCreatePage';
import { UserEditPage } from './features/users/pages/UserEditPage';
import { UsersListPage } from './features/users/pages/UsersListPage';
import { MatricesListPage } from './features/matrices/pages/MatricesListPage';
import { MatrixClonePage } from './features/matrices/pages/MatrixClonePage';
import { MatrixCreatePage } from './features/matrices/pages/MatrixCreatePage';
import { MatrixEditPage } from './features/matrices/pages/MatrixEditPage';
import { OperatorReplacementPage } from './features/matrices/pages/OperatorReplacementPage';
import { OperatorCreatePage } from './features/operators/pages/OperatorCreatePage';
import { OperatorEditPage } from './features/operators/pages/OperatorEditPage';
import { OperatorsListPage } from './features/operators/pages/OperatorsListPage';
import { ParcelDetailsPage } from './features/parcels/pages/ParcelDetailsPage';
import { ParcelFormPage } from './features/parcels/pages/ParcelFormPage';
import { ParcelsListPage } from './features/parcels/pages/ParcelsListPage';
import { AppShell } from './layout/AppShell';
import { ForbiddenPage } from './pages/ForbiddenPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { RequirePermission, RequireSession } from './session/RequireSession';

export const router = createBrowserRouter([
  { path: '/auth/sign-in', element: <SignInPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/account', element: <AccountPage /> },
          {
            path: '/administration/users',
            element: (
              <RequirePermission any={['users.read']}>
                <UsersListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/users/create',
            element: (
              <RequirePermission any={['users.write', 'clientUsers.write']}>
                <UserCreatePage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/users/edit/:userId',
            element: (
              <RequirePermission any={['users.read', 'clientUsers.write']}>
                <UserEditPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/clients',
            element: (
              <RequirePermission any={['clients.read']}>
                <ClientsListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/clients/create',
            element: (
              <RequirePermission any={['clients.write']}>
                <ClientCreatePage />
              </RequirePermission>
            ),
          },
          {
            // A salesman (clients.read only) opens it read-only.
            path: '/administration/clients/edit/:clientId',
            element: (
              <RequirePermission any={['clients.read']}>
                <ClientEditPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/operators',
            element: (
              <RequirePermission any={['operators.read']}>
                <OperatorsListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/operators/create',
            element: (
              <RequirePermission any={['operators.write']}>
                <OperatorCreatePage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/operators/edit/:operatorId',
            element: (
              <RequirePermission any={['operators.write']}>
                <OperatorEditPage />
              </RequirePermission>
            ),
          },
          {
            path: '/orders',
            element: (
              <RequirePermission any={['parcels.read']}>
                <ParcelsListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/orders/create',
            element: (
              <RequirePermission any={['parcels.create']}>
                <ParcelFormPage />
              </RequirePermission>
            ),
          },
          {
            // Read-only once the parcel left status new, or for those who may read parcels but not edit them.
            path: '/orders/edit/:parcelId',
            element: (
              <RequirePermission any={['parcels.read']}>
                <ParcelDetailsPage />
              </RequirePermission>
            ),
          },
          {
            path: '/settings',
            element: (
              <RequirePermission any={['ownClient.read']}>
                <ClientSettingsPage />
              </RequirePermission>
            ),
          },
          {
            path: '/settings/integrations',
            element: (
              <RequirePermission any={['integrations.read']}>
                <IntegrationsListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/settings/integrations/create',
            element: (
              <RequirePermission any={['integrations.write']}>
                <IntegrationCreatePage />
              </RequirePermission>
            ),
          },
          {
            path: '/settings/integrations/edit/:integrationId',
            element: (
              <RequirePermission any={['integrations.read']}>
                <IntegrationEditPage />
              </RequirePermission>
            ),
          },
          {
            path: '/settings/apiKeys',
            element: (
              <RequirePermission any={['apiKeys.read']}>
                <ApiKeysPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/clientsGroups',
            element: (
              <RequirePermission any={['clientGroups.read']}>
                <ClientGroupsListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/clientsGroups/create',
            element: (
              <RequirePermission any={['clientGroups.write']}>
                <ClientGroupCreatePage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/clientsGroups/edit/:groupId',
            element: (
              <RequirePermission any={['clientGroups.write']}>
                <ClientGroupEditPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/logs',
            element: (
              <RequirePermission any={['logs.read']}>
                <LogsListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/matrixes',
            element: (
              <RequirePermission any={['matrices.read']}>
                <MatricesListPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/matrixes/create',
            element: (
              <RequirePermission any={['matrices.write']}>
                <MatrixCreatePage />
              </RequirePermission>
            ),
          },
          {
            // The operator role (matrices.read) opens it read-only, with the route tester.
            path: '/administration/matrixes/edit/:matrixId',
            element: (
              <RequirePermission any={['matrices.read']}>
                <MatrixEditPage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/matrixes/clone/:matrixId',
            element: (
              <RequirePermission any={['matrices.write']}>
                <MatrixClonePage />
              </RequirePermission>
            ),
          },
          {
            path: '/administration/operators/replacement',
            element: (
              <RequirePermission any={['matrices.write']}>
                <OperatorReplacementPage />
              </RequirePermission>
            ),
          },
          { path: '/403', element: <ForbiddenPage /> },
          { path: '/404', element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
