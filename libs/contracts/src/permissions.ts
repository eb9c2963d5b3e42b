import type { Role } from './roles';

const ALL: readonly Role[] = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'];
const ADMINS: readonly Role[] = ['superAdmin', 'admin'];

interface PermissionRule {
  /** Module of SPEC.md this permission belongs to (the rows of docs/permissions.md are grouped by it). */
  module: string;
  description: string;
  roles: readonly Role[];
}

/**
 * The permission matrix: the single source of truth for who may do what.
 * The API guard reads it, the gateway reads it for rooms, the panel reads it for menus,
 * and docs/permissions.md is generated from it (`npm run docs:permissions`).
 * Row scoping (a client user sees only its own client's rows; a salesman sees only itself in
 * the users list) is enforced in repositories and services on top of this matrix.
 */
export const PERMISSIONS = {
  // Own account: everyone signed in.
  'account.read': { module: 'Account', description: 'See own account (current user)', roles: ALL },
  'account.update': {
    module: 'Account',
    description: 'Edit own language and password',
    roles: ALL,
  },
  // Administration — users.
  'users.read': {
    module: 'Users',
    description: 'Open the users list (a salesman sees only itself)',
    roles: ['superAdmin', 'admin', 'salesman'],
  },
  'users.readAll': {
    module: 'Users',
    description: "See every user (staff and clients' users) and follow the live users list",
    roles: ADMINS,
  },
  'users.write': {
    module: 'Users',
    description: 'Create and edit users (only a superAdmin touches a superAdmin)',
    roles: ADMINS,
  },
  // Administration — clients and their users.
  'clients.read': {
    module: 'Clients',
    description: 'List and open clients',
    roles: ['superAdmin', 'admin', 'salesman'],
  },
  'clients.write': {
    module: 'Clients',
    description: 'Create and edit clients and their flags',
    roles: ADMINS,
  },
  'clients.export': {
    module: 'Clients',
    description: 'Export clients to xlsx',
    roles: ['superAdmin', 'admin', 'salesman'],
  },
  'clientUsers.write': {
    module: 'Clients',
    description: "List, create and edit a client's users: deactivate, set a new password, end their sessions",
    roles: ['superAdmin', 'admin', 'salesman'],
  },
  'ownClient.read': {
    module: 'Settings',
    description: "See own client's data and settings",
    roles: ['user'],
  },
  'ownClient.write': {
    module: 'Settings',
    description: 'Edit own client settings: standard parcel, pickup address, default phone and e-mail',
    roles: ['user'],
  },
  'clientGroups.read': {
    module: 'Client groups',
    description: 'List client groups',
    roles: ['superAdmin', 'admin', 'salesman'],
  },
  'clientGroups.write': {
    module: 'Client groups',
    description: 'Create, edit and delete client groups',
    roles: ADMINS,
  },
  // Administration — operators (carriers) and routing.
  'operators.read': {
    module: 'Operators',
    description: 'List and open operators',
    roles: ['superAdmin', 'admin', 'operator'],
  },
  'operators.write': {
    module: 'Operators',
    description: 'Create, edit, deactivate and replace operators',
    roles: ADMINS,
  },
  'matrices.read': {
    module: 'Routing',
    description: 'List and open routing matrices',
    roles: ['superAdmin', 'admin', 'operator'],
  },
  'matrices.write': {
    module: 'Routing',
    description: 'Create, edit, clone matrices; global operator change',
    roles: ADMINS,
  },
  'logs.read': { module: 'Logs', description: 'Read the change log', roles: ADMINS },
  // Sectors and statuses.
  'sectors.read': {
    module: 'Sectors',
    description: 'List sectors',
    roles: ['superAdmin', 'admin', 'operator', 'magazyn'],
  },
  'sectors.write': {
    module: 'Sectors',
    description: 'Create, edit and delete sectors, map them to operators',
    roles: ['superAdmin', 'admin', 'operator'],
  },
  'statuses.read': {
    module: 'Statuses',
    description: 'List statuses and status maps',
    roles: ['superAdmin', 'admin', 'operator', 'magazyn'],
  },
  'statuses.write': {
    module: 'Statuses',
    description: 'Create statuses, import and edit operator status maps',
    roles: ['superAdmin', 'admin', 'operator'],
  },
  // Parcels.
  'parcels.read': {
    module: 'Parcels',
    description: 'List and open parcels (a client user: own client only)',
    roles: ALL,
  },
  'parcels.create': {
    module: 'Parcels',
    description: 'Create, edit and clone parcels',
    roles: ['superAdmin', 'admin', 'operator', 'user'],
  },
  'parcels.label': {
    module: 'Parcels',
    description: 'Generate and download labels',
    roles: ['superAdmin', 'admin', 'operator', 'magazyn', 'user'],
  },
  'parcels.cancel': {
    module: 'Parcels',
    description: 'Cancel and delete parcels, create return parcels',
    roles: ['superAdmin', 'admin', 'operator', 'user'],
  },
  'parcels.export': { module: 'Parcels', description: 'Export parcels to xlsx and CSV', roles: ALL },
  'parcels.route': {
    module: 'Parcels',
    description: 'Change the operator of a parcel by hand, refresh statuses',
    roles: ['superAdmin', 'admin', 'operator'],
  },
  // Operating (warehouse) module.
  'operating.scan': {
    module: 'Operating module',
    description: 'Scan parcels, change statuses, daily scan report',
    roles: ['superAdmin', 'admin', 'operator', 'magazyn'],
  },
  'consolidations.read': {
    module: 'Operating module',
    description: 'List and open consolidations',
    roles: ['superAdmin', 'admin', 'operator', 'magazyn'],
  },
  'consolidations.write': {
    module: 'Operating module',
    description: 'Create consolidations, add and remove parcels, print labels',
    roles: ['superAdmin', 'admin', 'operator', 'magazyn'],
  },
  'wallScreens.read': {
    module: 'Operating module',
    description:
      "Open a terminal's live wall screen (scans as they happen; staff only, never a client's user)",
    roles: ['superAdmin', 'admin', 'operator', 'magazyn'],
  },
  'wallScreens.write': {
    module: 'Operating module',
    description: 'Issue and revoke wall-screen links (a link reads one terminal and nothing else)',
    roles: ADMINS,
  },
  // Import of shipments from files.
  'import.read': {
    module: 'Import',
    description: 'List imports and their rows',
    roles: ['superAdmin', 'admin', 'operator', 'user'],
  },
  'import.create': {
    module: 'Import',
    description: 'Upload shipment files',
    roles: ['superAdmin', 'admin', 'operator', 'user'],
  },
  'import.approve': {
    module: 'Import',
    description: 'Approve or cancel an import',
    roles: ['superAdmin', 'admin', 'operator', 'user'],
  },
  // Sales from shop integrations, integrations and API keys.
  'sale.read': {
    module: 'Sale',
    description: 'List orders from shop integrations',
    roles: ['superAdmin', 'admin', 'user'],
  },
  'sale.write': {
    module: 'Sale',
    description: 'Turn sales into parcels, change sale status',
    roles: ['superAdmin', 'admin', 'user'],
  },
  'integrations.read': {
    module: 'Integrations',
    description: 'List integrations (a client user: own)',
    roles: ['superAdmin', 'admin', 'user'],
  },
  'integrations.write': {
    module: 'Integrations',
    description: 'Create and edit integrations, run the linker wizard',
    roles: ['superAdmin', 'admin', 'user'],
  },
  'apiKeys.read': {
    module: 'Integrations',
    description: 'List API keys (a client user: own)',
    roles: ['superAdmin', 'admin', 'user'],
  },
  'apiKeys.write': {
    module: 'Integrations',
    description: 'Create, deactivate and delete API keys',
    roles: ['superAdmin', 'admin', 'user'],
  },
  'webhooks.read': {
    module: 'Integrations',
    description:
      "List webhook endpoints and their delivery log (a client user and its API keys: own client's)",
    roles: ['superAdmin', 'admin', 'user'],
  },
  'webhooks.write': {
    module: 'Integrations',
    description:
      'Register, change and delete webhook endpoints, rotate their secrets, send test events, replay deliveries',
    roles: ['superAdmin', 'admin', 'user'],
  },
  // Accounting module.
  'rates.read': {
    module: 'Accounting',
    description: 'List and open price lists',
    roles: ['superAdmin', 'admin', 'salesman'],
  },
  'rates.write': { module: 'Accounting', description: 'Create, edit, import price lists', roles: ADMINS },
  'accounting.read': {
    module: 'Accounting',
    description: 'Summaries, operator invoices, complex settlements',
    roles: ADMINS,
  },
  'accounting.write': {
    module: 'Accounting',
    description: 'Create, correct, delete summaries, invoices and settlements; map services',
    roles: ADMINS,
  },
  // Background jobs.
  'jobs.read': {
    module: 'Jobs',
    description:
      'Follow the progress of own jobs, list own recent label and export jobs, download their files',
    roles: ALL,
  },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

export function permissionsOf(role: Role): Permission[] {
  return PERMISSION_NAMES.filter((p) => can(role, p));
}
