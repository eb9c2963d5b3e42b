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
    ],
  },
];

/** The sections and items a user may see. */
export function visibleMenu(can: (p: string) => boolean): MenuSection[] {
  return MENU.map((s) => ({ ...s, items: s.items.filter((i) => i.permissions.some(can)) })).filter(
    (s) => s.items.length > 0,
  );
}
