import { SCREENS, type Permission, type Screen } from '@depot/contracts';

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

/** A menu entry opens a screen: its path and who sees it come from SCREENS. */
const item = (screen: Screen, labelId: string): MenuItem => ({
  path: screen.path,
  labelId,
  permissions: [...(screen.permissions ?? [])],
});

/**
 * SPEC §2's dashboard menu, in its order: Administration, Parcels, Operating module, Sectors, Statuses, Import,
 * Accounting module. An entry is added here when its module lands, never before (no placeholder pages).
 */
export const MENU: MenuSection[] = [
  {
    labelId: 'menu.administration',
    icon: 'cog',
    items: [
      item(SCREENS.users, 'menu.users'),
      item(SCREENS.clients, 'menu.clients'),
      item(SCREENS.clientGroups, 'menu.clientGroups'),
      item(SCREENS.operators, 'menu.operators'),
      item(SCREENS.matrices, 'menu.matrices'),
      item(SCREENS.logs, 'menu.logs'),
    ],
  },
  {
    labelId: 'menu.parcels',
    icon: 'box',
    items: [item(SCREENS.parcels, 'menu.parcelsList')],
  },
  {
    // SPEC §2 "Operating module (change statuses, create consolidation, consolidation list)", then wall screens.
    labelId: 'menu.operatingModule',
    icon: 'barcode',
    items: [
      item(SCREENS.scanning, 'menu.changeStatuses'),
      item(SCREENS.consolidationCreate, 'menu.consolidationCreate'),
      item(SCREENS.consolidations, 'menu.consolidationsList'),
      item(SCREENS.wallScreens, 'menu.wallScreens'),
    ],
  },
  {
    labelId: 'menu.sectors',
    icon: 'map',
    items: [item(SCREENS.sectors, 'menu.sectorsList')],
  },
  {
    labelId: 'menu.statuses',
    icon: 'tag',
    items: [item(SCREENS.statuses, 'menu.statusesList'), item(SCREENS.statusMap, 'menu.statusMap')],
  },
  {
    // SPEC §2 "Import": shipments from xlsx/csv files (issue 16, decision 0150).
    labelId: 'menu.import',
    icon: 'import',
    items: [item(SCREENS.imports, 'menu.importsList'), item(SCREENS.realWeights, 'menu.realWeights')],
  },
  {
    // SPEC §1 "Settings": a client user's own client (decision 0020); integrations, API keys and webhooks join it.
    labelId: 'menu.settings',
    icon: 'cog',
    items: [
      item(SCREENS.settings, 'menu.clientSettings'),
      item(SCREENS.integrations, 'menu.integrations'),
      item(SCREENS.apiKeys, 'menu.apiKeys'),
      item(SCREENS.webhooks, 'menu.webhooks'),
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
