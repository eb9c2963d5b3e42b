import { can, type Role } from '@depot/contracts';
import { matchesExactly, MENU, visibleMenu } from './menu';

const paths = (role: Role) =>
  visibleMenu((p) => can(role, p as never)).flatMap((s) => s.items.map((i) => i.path));

describe('menu', () => {
  it('shows a client user its parcels, imports, settings, integrations, API keys and webhooks, and no administration', () => {
    expect(paths('user')).toEqual([
      '/orders',
      '/import',
      '/settings',
      '/settings/integrations',
      '/settings/apiKeys',
      '/settings/webhooks',
    ]);
  });

  it('shows Parcels to every role that reads parcels, right after Administration (SPEC §2)', () => {
    for (const role of ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'] as const)
      expect(paths(role)).toContain('/orders');
    expect(MENU.map((s) => s.labelId).slice(0, 2)).toEqual(['menu.administration', 'menu.parcels']);
  });

  it('shows an admin every administration screen and no client settings', () => {
    expect(paths('admin')).toEqual(
      expect.arrayContaining([
        '/administration/users',
        '/administration/clients',
        '/administration/clientsGroups',
        '/administration/operators',
        '/administration/matrixes',
        '/administration/logs',
      ]),
    );
    expect(paths('admin')).not.toContain('/settings');
  });

  it('shows the warehouse role nothing of administration, and the sectors (their own section, SPEC §2)', () => {
    const sections = visibleMenu((p) => can('magazyn', p as never));
    expect(sections.map((s) => s.labelId)).not.toContain('menu.administration');
    expect(sections.find((s) => s.labelId === 'menu.sectors')?.items.map((i) => i.path)).toEqual([
      '/administration/sectors',
    ]);
  });

  it('puts Sectors after Parcels, for who reads sectors only (SPEC §2)', () => {
    const labels = MENU.map((s) => s.labelId);
    expect(labels.indexOf('menu.sectors')).toBeGreaterThan(labels.indexOf('menu.parcels'));
    for (const role of ['superAdmin', 'admin', 'operator', 'magazyn'] as const)
      expect(paths(role)).toContain('/administration/sectors');
    for (const role of ['salesman', 'user'] as const)
      expect(paths(role)).not.toContain('/administration/sectors');
  });

  it('puts the Operating module between Parcels and Sectors, for who scans (SPEC §2)', () => {
    const labels = MENU.map((s) => s.labelId);
    expect(labels.indexOf('menu.operatingModule')).toBe(labels.indexOf('menu.parcels') + 1);
    expect(labels.indexOf('menu.sectors')).toBe(labels.indexOf('menu.operatingModule') + 1);
    for (const role of ['superAdmin', 'admin', 'operator', 'magazyn'] as const)
      expect(paths(role)).toContain('/operatingModule/changeStatuses');
    for (const role of ['salesman', 'user'] as const)
      expect(paths(role)).not.toContain('/operatingModule/changeStatuses');
  });

  it('puts Import after Statuses, for who reads imports (SPEC §2)', () => {
    const labels = MENU.map((s) => s.labelId);
    expect(labels.indexOf('menu.import')).toBe(labels.indexOf('menu.statuses') + 1);
    for (const role of ['superAdmin', 'admin', 'operator', 'user'] as const)
      expect(paths(role)).toContain('/import');
    for (const role of ['salesman', 'magazyn'] as const) expect(paths(role)).not.toContain('/import');
  });

  it('marks an item active on its own path only when another item lies under it', () => {
    expect(matchesExactly('/settings')).toBe(true);
    expect(matchesExactly('/settings/apiKeys')).toBe(false);
    expect(matchesExactly('/administration/operators')).toBe(false);
  });

  it('has unique paths', () => {
    const all = MENU.flatMap((s) => s.items.map((i) => i.path));
    expect(new Set(all).size).toBe(all.length);
  });
});
