import { QueryClientProvider } from '@tanstack/react-query';
import {
  Alignment,
  Button,
  Classes,
  HTMLSelect,
  Icon,
  Menu,
  MenuDivider,
  MenuItem,
  Navbar,
  PopoverNext,
} from '@blueprintjs/core';
import { useAtom, useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useLanguage } from '../i18n/useLanguage';
import { canAtom, currentUserAtom } from '../session/session';
import { queryClient } from '../api/query';
import { useSessionActions } from '../session/useSessionActions';
import { THEMES, themeAtom, type ThemeName } from '../theme/themes';
import { RecentJobsMenu } from '../features/jobs/components/RecentJobsMenu';
import { ConnectionIndicator } from '../ui/ConnectionIndicator';
import { LanguageSelect } from '../ui/LanguageSelect';
import { matchesExactly, visibleMenu } from './menu';

/** The signed-in frame: top bar (language, theme, recent jobs, account menu) and the module menu. */
/** The signed-in panel: the query cache (decisions 0108, 0125) around the shell. */
export function AppShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

function Shell() {
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useAtomValue(currentUserAtom);
  const can = useAtomValue(canAtom);
  const [theme, setTheme] = useAtom(themeAtom);
  const { language, changeLanguage } = useLanguage();
  const { signOut } = useSessionActions();
  const [menuOpen, setMenuOpen] = useState(false);
  const sections = visibleMenu(can);

  return (
    <div className="depot-shell">
      <Navbar className="depot-navbar" role="banner">
        <Navbar.Group align={Alignment.START}>
          <Button
            minimal
            icon="menu"
            className="depot-menu-toggle"
            aria-label={intl.formatMessage({ id: 'layout.toggleMenu' })}
            onClick={() => setMenuOpen((o) => !o)}
          />
          <Navbar.Heading>
            <NavLink to="/" className="depot-brand">
              <FormattedMessage id="app.name" />
            </NavLink>
          </Navbar.Heading>
        </Navbar.Group>
        <Navbar.Group align={Alignment.END} className="depot-topbar-tools">
          <ConnectionIndicator />
          <LanguageSelect
            testId="language-switch"
            value={language}
            onChange={(l) => void changeLanguage(l)}
          />
          <HTMLSelect
            minimal
            aria-label={intl.formatMessage({ id: 'layout.theme' })}
            data-testid="theme-switch"
            value={theme}
            onChange={(e) => setTheme(e.currentTarget.value as ThemeName)}
            options={THEMES.map((t) => ({ value: t, label: intl.formatMessage({ id: `theme.${t}` }) }))}
          />
          {can('jobs.read') && <RecentJobsMenu />}
          <PopoverNext
            placement="bottom-end"
            content={
              <Menu>
                <MenuItem
                  icon="edit"
                  text={intl.formatMessage({ id: 'account.edit' })}
                  onClick={() => navigate('/account')}
                  data-testid="menu-account"
                />
                <MenuItem
                  icon="key"
                  text={intl.formatMessage({ id: 'account.changePassword' })}
                  onClick={() => navigate('/account#password')}
                  data-testid="menu-password"
                />
                <MenuDivider />
                <MenuItem
                  icon="log-out"
                  text={intl.formatMessage({ id: 'account.signOut' })}
                  onClick={() => void signOut()}
                  data-testid="menu-sign-out"
                />
              </Menu>
            }
          >
            <Button minimal icon="user" rightIcon="caret-down" data-testid="account-menu">
              <span className="depot-user-name">{user ? `${user.firstName} ${user.lastName}` : null}</span>
            </Button>
          </PopoverNext>
        </Navbar.Group>
      </Navbar>
      <div className="depot-body">
        <nav
          className={`depot-sidebar ${menuOpen ? 'depot-sidebar-open' : ''}`}
          aria-label={intl.formatMessage({ id: 'layout.menu' })}
        >
          {/* Navigation, not a menu: a list of links (role="menu" would promise arrow-key menu behaviour). */}
          <ul className={`${Classes.MENU} depot-nav`}>
            <li>
              <NavLink
                to="/"
                end
                className={Classes.MENU_ITEM}
                data-testid="nav-/"
                onClick={() => setMenuOpen(false)}
              >
                <Icon icon="home" />
                <span className={Classes.FILL}>
                  <FormattedMessage id="menu.home" />
                </span>
              </NavLink>
            </li>
            {sections.map((s) => (
              <li key={s.labelId}>
                <div className={`${Classes.MENU_HEADER} depot-nav-section`}>
                  <FormattedMessage id={s.labelId} />
                </div>
                <ul className="depot-nav-items">
                  {s.items.map((i) => (
                    <li key={i.path}>
                      <NavLink
                        to={i.path}
                        end={matchesExactly(i.path)}
                        className={Classes.MENU_ITEM}
                        data-testid={`nav-${i.path}`}
                        onClick={() => setMenuOpen(false)}
                      >
                        <FormattedMessage id={i.labelId} />
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>
        <main className="depot-main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
