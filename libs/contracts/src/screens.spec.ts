import { contract } from './router';
import { mayCall } from './contract/route';
import { can } from './permissions';
import { ROLES } from './roles';
import { mayOpen, SCREENS } from './screens';

describe('screens and who may open them', () => {
  it('every screen has a unique path and root', () => {
    const all = Object.values(SCREENS);
    expect(new Set(all.map((s) => s.path)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.root)).size).toBe(all.length);
  });

  it('a screen without permissions opens for every role; one with permissions for their holders only', () => {
    for (const role of ROLES) {
      expect(mayOpen(SCREENS.home, (p) => can(role, p))).toBe(true);
      expect(mayOpen(SCREENS.logs, (p) => can(role, p))).toBe(can(role, 'logs.read'));
    }
    expect(mayOpen(SCREENS.parcels, (p) => can('magazyn', p))).toBe(true);
    expect(mayOpen(SCREENS.users, (p) => can('magazyn', p))).toBe(false);
  });
});

describe('mayCall: whether a role may call a route', () => {
  it('follows the route permissions: the warehouse may not read client options, an admin may', () => {
    expect(mayCall(contract.clients.options, (p) => can('magazyn', p))).toBe(false);
    expect(mayCall(contract.clients.options, (p) => can('admin', p))).toBe(true);
  });

  it('a public route may be called by anyone, even holding nothing', () => {
    expect(mayCall(contract.auth.signIn, () => false)).toBe(true);
  });
});
