import { can, PERMISSION_NAMES, PERMISSIONS, permissionsOf, type Permission } from './permissions';
import { ROLES, type Role } from './roles';

const rows = PERMISSION_NAMES.map((p) => [p, PERMISSIONS[p]] as const);

describe('PERMISSIONS matrix shape', () => {
  it('has permission names that are exactly the keys of the matrix, each once', () => {
    expect(PERMISSION_NAMES).toEqual(Object.keys(PERMISSIONS));
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
    expect(PERMISSION_NAMES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(rows)('%s is named "<area>.<action>"', (name) => {
    expect(name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });

  it.each(rows)('%s has a module and a description', (_name, rule) => {
    expect(typeof rule.module).toBe('string');
    expect(rule.module.trim()).not.toBe('');
    expect(typeof rule.description).toBe('string');
    expect(rule.description.trim().length).toBeGreaterThan(5);
  });

  it.each(rows)('%s lists at least one role, all valid and none twice', (_name, rule) => {
    expect(rule.roles.length).toBeGreaterThan(0);
    for (const role of rule.roles) expect(ROLES).toContain(role);
    expect(new Set(rule.roles).size).toBe(rule.roles.length);
  });

  it('keeps superAdmin in every row (the superAdmin may do everything staff or clients may)', () => {
    const without = PERMISSION_NAMES.filter(
      (p) => p !== 'ownClient.read' && p !== 'ownClient.write' && !can('superAdmin', p),
    );
    expect(without).toEqual([]);
  });
});

describe('can and permissionsOf agree', () => {
  it.each(ROLES)('permissionsOf(%s) is exactly the permissions `can` grants, in matrix order', (role) => {
    expect(permissionsOf(role)).toEqual(PERMISSION_NAMES.filter((p) => can(role, p)));
  });

  it.each(ROLES)('every row that lists %s is granted, every other row refused', (role) => {
    for (const p of PERMISSION_NAMES) {
      expect(can(role, p)).toBe((PERMISSIONS[p].roles as readonly Role[]).includes(role));
    }
  });

  it.each(ROLES)('%s gets at least the own-account permissions', (role) => {
    expect(permissionsOf(role)).toEqual(
      expect.arrayContaining(['account.read', 'account.update', 'jobs.read']),
    );
  });
});

/** Who holds a permission, exactly (the order of roles does not matter). */
const EXACT_HOLDERS: [Permission, Role[]][] = [
  ['account.read', [...ROLES]],
  ['account.update', [...ROLES]],
  ['jobs.read', [...ROLES]],
  ['users.read', ['superAdmin', 'admin', 'salesman']],
  ['users.readAll', ['superAdmin', 'admin']],
  ['users.write', ['superAdmin', 'admin']],
  ['clients.read', ['superAdmin', 'admin', 'salesman']],
  ['clients.write', ['superAdmin', 'admin']],
  ['clientUsers.write', ['superAdmin', 'admin', 'salesman']],
  ['ownClient.read', ['user']],
  ['ownClient.write', ['user']],
  ['clientGroups.write', ['superAdmin', 'admin']],
  ['operators.read', ['superAdmin', 'admin', 'operator']],
  ['operators.write', ['superAdmin', 'admin']],
  ['matrices.write', ['superAdmin', 'admin']],
  ['logs.read', ['superAdmin', 'admin']],
  ['sectors.read', ['superAdmin', 'admin', 'operator', 'magazyn']],
  ['statuses.write', ['superAdmin', 'admin', 'operator']],
  ['parcels.read', [...ROLES]],
  ['parcels.create', ['superAdmin', 'admin', 'operator', 'user']],
  ['parcels.label', ['superAdmin', 'admin', 'operator', 'magazyn', 'user']],
  ['parcels.route', ['superAdmin', 'admin', 'operator']],
  ['operating.scan', ['superAdmin', 'admin', 'operator', 'magazyn']],
  ['consolidations.write', ['superAdmin', 'admin', 'operator', 'magazyn']],
  ['consolidations.read', ['superAdmin', 'admin', 'operator', 'magazyn']],
  ['sectors.write', ['superAdmin', 'admin', 'operator']],
  // Issue 14 item 8: the warehouse scans, consolidates and sees the wall screens; operator and admins too.
  ['wallScreens.read', ['superAdmin', 'admin', 'operator', 'magazyn']],
  ['wallScreens.write', ['superAdmin', 'admin']],
  ['import.approve', ['superAdmin', 'admin', 'operator', 'user']],
  ['apiKeys.write', ['superAdmin', 'admin', 'user']],
  // Issue 15 item 4 (decision 0146): a client's own users (and its API keys) and the admins.
  ['webhooks.read', ['superAdmin', 'admin', 'user']],
  ['webhooks.write', ['superAdmin', 'admin', 'user']],
  ['rates.read', ['superAdmin', 'admin', 'salesman']],
  ['rates.write', ['superAdmin', 'admin']],
  ['accounting.read', ['superAdmin', 'admin']],
  ['accounting.write', ['superAdmin', 'admin']],
];

describe('who holds a permission', () => {
  it.each(EXACT_HOLDERS)('%s is held by exactly %j', (permission, holders) => {
    expect(ROLES.filter((r) => can(r, permission))).toEqual(ROLES.filter((r) => holders.includes(r)));
  });
});

/** Single cells of the matrix, stated one by one so a changed cell names itself. */
const CELLS: [Role, Permission, boolean][] = [
  ['superAdmin', 'users.write', true],
  ['admin', 'users.write', true],
  ['salesman', 'users.write', false],
  ['operator', 'users.write', false],
  ['magazyn', 'users.write', false],
  ['user', 'users.write', false],
  ['salesman', 'users.read', true],
  ['salesman', 'users.readAll', false],
  ['operator', 'users.read', false],
  ['magazyn', 'users.read', false],
  ['salesman', 'clientUsers.write', true],
  ['salesman', 'clients.write', false],
  ['magazyn', 'operating.scan', true],
  ['magazyn', 'consolidations.read', true],
  ['magazyn', 'wallScreens.read', true],
  ['magazyn', 'wallScreens.write', false],
  ['magazyn', 'sectors.write', false],
  ['user', 'wallScreens.read', false],
  ['user', 'sectors.read', false],
  ['salesman', 'wallScreens.read', false],
  ['magazyn', 'parcels.create', false],
  ['magazyn', 'parcels.label', true],
  ['magazyn', 'statuses.write', false],
  ['operator', 'operating.scan', true],
  ['operator', 'matrices.read', true],
  ['operator', 'matrices.write', false],
  ['salesman', 'operating.scan', false],
  ['salesman', 'parcels.create', false],
  ['user', 'operating.scan', false],
  ['user', 'parcels.create', true],
  ['user', 'sale.write', true],
  ['user', 'integrations.write', true],
  ['user', 'ownClient.write', true],
  ['admin', 'ownClient.read', false],
  ['superAdmin', 'ownClient.write', false],
  ['operator', 'sale.read', false],
  ['salesman', 'accounting.read', false],
];

describe('single cells', () => {
  it.each(CELLS)('%s → %s is %s', (role, permission, expected) => {
    expect(can(role, permission)).toBe(expected);
  });
});

describe('client users (role "user")', () => {
  const neverForClientUsers = PERMISSION_NAMES.filter(
    (p) =>
      p.startsWith('users.') ||
      p.startsWith('accounting.') ||
      p === 'clients.write' ||
      p === 'clients.read' ||
      p === 'clientUsers.write' ||
      p === 'logs.read' ||
      p.startsWith('operators.') ||
      p.startsWith('sectors.') ||
      p.startsWith('wallScreens.') ||
      p === 'operating.scan' ||
      p.startsWith('consolidations.') ||
      p.startsWith('matrices.') ||
      p.startsWith('rates.'),
  );

  it('the forbidden list covers every users.* and accounting.* row', () => {
    expect(neverForClientUsers).toEqual(
      expect.arrayContaining([
        'users.read',
        'users.readAll',
        'users.write',
        'accounting.read',
        'accounting.write',
        'logs.read',
      ]),
    );
  });

  it.each(neverForClientUsers)('never get %s', (permission) => {
    expect(can('user', permission)).toBe(false);
    expect(permissionsOf('user')).not.toContain(permission);
  });

  it('get exactly their own-client, parcel, import, sale, integration and account permissions', () => {
    expect(permissionsOf('user')).toEqual([
      'account.read',
      'account.update',
      'ownClient.read',
      'ownClient.write',
      'parcels.read',
      'parcels.create',
      'parcels.label',
      'parcels.cancel',
      'parcels.export',
      'import.read',
      'import.create',
      'import.approve',
      'sale.read',
      'sale.write',
      'integrations.read',
      'integrations.write',
      'apiKeys.read',
      'apiKeys.write',
      'webhooks.read',
      'webhooks.write',
      'jobs.read',
    ]);
  });
});

describe('role inclusion', () => {
  it('admin holds exactly what superAdmin holds', () => {
    expect(permissionsOf('admin')).toEqual(permissionsOf('superAdmin'));
  });

  it.each(['salesman', 'operator', 'magazyn'] as const)('%s holds nothing admin lacks', (role) => {
    const admin = new Set(permissionsOf('admin'));
    expect(permissionsOf(role).filter((p) => !admin.has(p))).toEqual([]);
  });

  it('magazyn holds only read, scan, label, consolidation and wall-screen permissions', () => {
    expect(permissionsOf('magazyn')).toEqual([
      'account.read',
      'account.update',
      'sectors.read',
      'statuses.read',
      'parcels.read',
      'parcels.label',
      'parcels.export',
      'operating.scan',
      'consolidations.read',
      'consolidations.write',
      'wallScreens.read',
      'jobs.read',
    ]);
  });
});
