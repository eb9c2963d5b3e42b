import type { Permission } from '@depot/contracts';

export interface MenuItem {
  path: string;
  labelId: string;
  /** Shown when the user holds any of these. */
  permissions: Permission[];
}

export interface MenuSection {
  labelId: string;
  icon: 'cog' | 'box' | 'barcode' | 'map' | 'tag' | 'import' | 'dollar';
  items: MenuItem[];
}

/**
 * SPEC §2's dashboard menu, in its order: Administration, Parcels, Operating module, Sectors, Statuses, Import,
 * Accounting module. An entry is added here when its module lands, never before (no placeholder pages).
 */
export const MENU: MenuSection[] = [
  {
    labelId: 'menu.administration',
    icon: 'cog',
    items: [
      { path: '/administration/users', labelId: 'menu.users', permissions: ['users.read'] },
      { path: '/administration/clients', labelId: 'menu.clients', permissions: ['clients.read'] },
      {
        path: '/administration/clientsGroups',
        labelId: 'menu.clientGroups',
        permissions: ['clientGroups.read'],
      },
      { path: '/administration/operators', labelId: 'menu.operators', permissions: ['operators.read'] },
      { path: '/administration/matrixes', labelId: 'menu.matrices', permissions: ['matrices.read'] },
      { path: '/administration/logs', labelId: 'menu.logs', permissions: ['logs.read'] },
    ],
  },
  {
    labelId: 'menu.parcels',
    icon: 'box',
    items: [{ path: '/orders', labelId: 'menu.parcelsList', permissions: ['parcels.read'] }],
  },
  {
    // SPEC §1 "Settings": a client user's own client (decision 0020); integrations and API keys join it.
    labelId: 'menu.settings',
    icon: 'cog',
    items: [
      { path: '/settings', labelId: 'menu.clientSettings', permissions: ['ownClient.read'] },
      { path: '/settings/integrations', labelId: 'menu.integrations', permissions: ['integrations.read'] },
      { path: '/settings/apiKeys', labelId: 'menu.apiKeys', permissions: ['apiKeys.read'] },
    ],
  },
];

/** The sections and items a user may see. */
export function visibleMenu(can: (p: string) => boolean): MenuSection[] {
  return MENU.map((s) => ({ ...s, items: s.items.filter((i) => i.permissions.some(can)) })).filter(
    (s) => s.items.length > 0,
  );
}

/**
 * Whether an item's path is the start of another item's path (e.g. /settings and /settings/apiKeys): such an
 * item is marked active on its own path only, so one page never lights up two items.
 */
export function matchesExactly(path: string): boolean {
  return MENU.some((s) => s.items.some((i) => i.path !== path && i.path.startsWith(`${path}/`)));
}
