import { createBrowserRouter } from 'react-router';
import { AccountPage } from './features/account/pages/AccountPage';
import { ClientCreatePage } from './features/clients/pages/ClientCreatePage';
import { ClientEditPage } from './features/clients/pages/ClientEditPage';
import { ClientsListPage } from './features/clients/pages/ClientsListPage';
import { SignInPage } from './features/auth/pages/SignInPage';
import { UserCreatePage } from './features/users/pages/UserCreatePage';
import { UserEditPage } from './features/users/pages/UserEditPage';
import { UsersListPage } from './features/users/pages/UsersListPage';
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
            path: '/administration/clients/edit/:clientId',
            element: (
              <RequirePermission any={['clients.write']}>
                <ClientEditPage />
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
