import { checkOperatorConfig, COUNTRY_CODES } from '@depot/contracts';
import { validateMatrix } from '@depot/domain';
import { DEMO_GROUPS, DEMO_LINKED, DEMO_MASTER, DEMO_OTHERS, DEMO_SHOP } from './demo-clients';
import { DEMO_MATRICES, DEMO_OPERATORS } from './demo-routing';

describe('demo data definitions', () => {
  it.each(DEMO_OPERATORS.map((o) => [o.name, o] as const))(
    'carrier %s has a configuration its type model accepts as a new operator',
    (_name, o) => {
      const checked = checkOperatorConfig(o.type, { ...o.config, ...o.secrets }, 'create');
      expect(checked.issues).toEqual([]);
      expect(checked.secrets).toEqual(o.secrets);
    },
  );

  it('matrices name only demo carriers and pass the matrix rules', () => {
    const names = new Set(DEMO_OPERATORS.map((o) => o.name));
    for (const m of DEMO_MATRICES) {
      for (const c of m.conditions) expect(names).toContain(c.operator);
      const problems = validateMatrix({
        id: null,
        name: m.name,
        conditions: m.conditions.map((c, i) => ({
          id: String(i),
          pickupCountry: c.pickupCountry,
          destinationCountry: c.destinationCountry,
          maxWeightKg: Number(c.maxWeightKg),
          operatorId: c.operator,
        })),
      });
      expect(problems).toEqual([]);
    }
    const destinations = new Set(
      DEMO_MATRICES.find((m) => m.isDefault)!.conditions.map((c) => c.destinationCountry),
    );
    for (const code of COUNTRY_CODES) expect(destinations.has(code) || destinations.has(null)).toBe(true);
  });

  it('groups name existing demo clients, each client once', () => {
    const shortNames = new Set(
      [DEMO_SHOP, DEMO_MASTER, ...DEMO_LINKED, ...DEMO_OTHERS].map((c) => c.shortName),
    );
    const members = DEMO_GROUPS.flatMap((g) => g.members);
    for (const m of members) expect(shortNames).toContain(m);
    expect(new Set(members).size).toBe(members.length);
  });
});
