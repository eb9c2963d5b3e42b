import {
  checkDefaultRemoval,
  cloneMatrix,
  ensureSingleDefault,
  pickMatrices,
  resolveRoute,
  validateMatrix,
  type RoutingConditionDraft,
  type RoutingMatrix,
  type RoutingMatrixDraft,
} from './routing';

/** Matrix administration: validation, the single default, picking matrices, cloning. */

const row = (id: string, overrides: Partial<RoutingConditionDraft> = {}): RoutingConditionDraft => ({
  id,
  pickupCountry: 'PL',
  destinationCountry: 'DE',
  maxWeightKg: 10,
  operatorId: 'DPD',
  ...overrides,
});

const draft = (
  conditions: RoutingConditionDraft[],
  name = 'Standard',
  id: string | null = 'm1',
): RoutingMatrixDraft => ({
  id,
  name,
  conditions,
});

const EXISTING = [
  { id: 'm1', name: 'Standard' },
  { id: 'm2', name: 'Express' },
];

describe('validateMatrix', () => {
  it('accepts a valid matrix, including wildcards, backup rows and an empty condition list', () => {
    const conditions = [
      row('a'),
      row('b', { operatorId: 'GLS' }), // same route and weight, another carrier: a backup, not a duplicate
      row('c', { maxWeightKg: 20 }),
      row('d', { pickupCountry: null }),
      row('e', { pickupCountry: null, destinationCountry: null, maxWeightKg: 0.5 }),
    ];
    expect(validateMatrix(draft(conditions), EXISTING)).toEqual([]);
    expect(validateMatrix(draft([]), EXISTING)).toEqual([]);
  });

  it.each(['', '   ', '\t\n'])('refuses the empty name %p', (name) => {
    expect(validateMatrix(draft([row('a')], name))).toEqual([{ code: 'emptyName' }]);
  });

  it.each([
    ['express', 'm1', [{ code: 'nameTaken', takenById: 'm2' }]],
    ['  EXPRESS ', null, [{ code: 'nameTaken', takenById: 'm2' }]],
    ['Express', 'm2', []], // its own name
    ['standard ', 'm1', []],
    ['Standard', null, [{ code: 'nameTaken', takenById: 'm1' }]],
    ['Express 2', null, []],
  ])('name %p for matrix %p', (name, id, expected) => {
    expect(validateMatrix(draft([row('a')], name, id), EXISTING)).toEqual(expected);
  });

  it.each([0, -0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses the max weight %p', (value) => {
    expect(validateMatrix(draft([row('a', { maxWeightKg: value })]))).toEqual([
      { code: 'invalidMaxWeight', conditionId: 'a', value },
    ]);
  });

  it.each([
    ['pickupCountry', 'US'],
    ['pickupCountry', 'de'],
    ['destinationCountry', ''],
    ['destinationCountry', 'Niemcy'],
    ['destinationCountry', 'UK'],
  ] as const)('refuses %s %p (only null or an exact supported code)', (field, value) => {
    expect(validateMatrix(draft([row('a', { [field]: value })]))).toEqual([
      { code: 'unsupportedCountry', conditionId: 'a', field, value },
    ]);
  });

  it.each(['', '  '])('refuses a condition without operator (%p)', (operatorId) => {
    expect(validateMatrix(draft([row('a', { operatorId })]))).toEqual([
      { code: 'missingOperator', conditionId: 'a' },
    ]);
  });

  it('reports each identical condition against the first one', () => {
    const conditions = [
      row('a'),
      row('b', { maxWeightKg: 20 }),
      row('c'),
      row('d'),
      row('e', { maxWeightKg: 20 }),
    ];
    expect(validateMatrix(draft(conditions))).toEqual([
      { code: 'duplicateCondition', conditionId: 'c', duplicateOfId: 'a' },
      { code: 'duplicateCondition', conditionId: 'd', duplicateOfId: 'a' },
      { code: 'duplicateCondition', conditionId: 'e', duplicateOfId: 'b' },
    ]);
  });

  it.each<[string, Partial<RoutingConditionDraft>]>([
    ['wildcard pickup', { pickupCountry: null }],
    ['wildcard destination', { destinationCountry: null }],
    ['other weight', { maxWeightKg: 10.5 }],
    ['other carrier', { operatorId: 'UPS' }],
    ['other destination', { destinationCountry: 'AT' }],
  ])('does not count a row with a different %s as a duplicate', (_label, change) => {
    expect(validateMatrix(draft([row('a'), row('b', change)]))).toEqual([]);
  });

  it('collects every problem in order', () => {
    const conditions = [
      row('a', { maxWeightKg: 0, pickupCountry: 'XX', operatorId: '' }),
      row('b'),
      row('c'),
    ];
    expect(validateMatrix(draft(conditions, ' '))).toEqual([
      { code: 'emptyName' },
      { code: 'invalidMaxWeight', conditionId: 'a', value: 0 },
      { code: 'unsupportedCountry', conditionId: 'a', field: 'pickupCountry', value: 'XX' },
      { code: 'missingOperator', conditionId: 'a' },
      { code: 'duplicateCondition', conditionId: 'c', duplicateOfId: 'b' },
    ]);
  });
});

const matrix = (id: string, conditions: RoutingMatrix['conditions'], isDefault = false): RoutingMatrix => ({
  id,
  name: `Matrix ${id}`,
  isDefault,
  conditions,
});

describe('pickMatrices', () => {
  const list = [matrix('a', []), matrix('b', [], true), matrix('c', [], true)];

  it.each([
    ['a', 'a'],
    ['b', 'b'],
    ['missing', null],
    [null, null],
  ])('client matrix id %p → %p, default is the first flagged', (id, expected) => {
    const picked = pickMatrices(list, id);
    expect(picked.clientMatrix?.id ?? null).toBe(expected);
    expect(picked.defaultMatrix?.id).toBe('b');
  });

  it('gives no default when none is flagged', () => {
    expect(pickMatrices([matrix('a', [])], 'a').defaultMatrix).toBeNull();
  });
});

describe('ensureSingleDefault / checkDefaultRemoval', () => {
  const flags = (...defaults: boolean[]) => defaults.map((isDefault, i) => ({ id: `m${i}`, isDefault }));

  it.each([
    ['switches the default', flags(true, false, false), 'm2', { unsetIds: ['m0'], changed: true }],
    ['keeps an existing sole default', flags(false, true), 'm1', { unsetIds: [], changed: false }],
    ['sets a first default', flags(false, false), 'm0', { unsetIds: [], changed: true }],
    ['repairs several defaults', flags(true, true, true), 'm1', { unsetIds: ['m0', 'm2'], changed: true }],
  ])('%s', (_label, matrices, id, expected) => {
    expect(ensureSingleDefault(matrices, id)).toEqual({ ok: true, defaultId: id, ...expected });
  });

  it('refuses an unknown matrix', () => {
    expect(ensureSingleDefault(flags(true), 'nope')).toEqual({ ok: false, reason: 'unknownMatrix' });
  });

  it('refuses deleting or un-flagging the default only', () => {
    expect(checkDefaultRemoval({ isDefault: true })).toBe('isDefault');
    expect(checkDefaultRemoval({ isDefault: false })).toBe('ok');
  });
});

describe('cloneMatrix', () => {
  const SOURCE = matrix(
    'src',
    [
      { id: 'a', pickupCountry: 'PL', destinationCountry: 'DE', maxWeightKg: 10, operatorId: 'DPD' },
      { id: 'b', pickupCountry: 'PL', destinationCountry: 'DE', maxWeightKg: 10, operatorId: 'GLS' },
      { id: 'c', pickupCountry: null, destinationCountry: null, maxWeightKg: 30, operatorId: 'UPS' },
    ],
    true,
  );
  let n = 0;
  const ids = () => `new-${++n}`;

  it('copies the conditions in order with fresh ids under a new (trimmed) name, never as default', () => {
    n = 0;
    expect(cloneMatrix(SOURCE, '  Copy of src ', 'm-copy', ids)).toEqual({
      id: 'm-copy',
      name: 'Copy of src',
      isDefault: false,
      conditions: SOURCE.conditions.map((c, i) => ({ ...c, id: `new-${i + 1}` })),
    });
  });

  it('shares no condition objects with the source, which stays unchanged', () => {
    const before = structuredClone(SOURCE);
    const copy = cloneMatrix(SOURCE, 'B', 'b', ids);
    copy.conditions[0].maxWeightKg = 999;
    expect(SOURCE).toEqual(before);
    copy.conditions.forEach((c, i) => expect(c).not.toBe(SOURCE.conditions[i]));
  });

  it('routes exactly like the source (order kept, so ties break the same way)', () => {
    const copy = cloneMatrix(SOURCE, 'B', 'b', ids);
    const operators = ['DPD', 'GLS', 'UPS'].map((operatorId) => ({
      operatorId,
      active: true,
      maxWeightKg: null,
    }));
    for (const weightKg of [1, 10, 10.5, 30, 40]) {
      const route = (m: RoutingMatrix) => {
        const parcel = { pickupCountry: 'PL', destinationCountry: 'DE', weightKg } as const;
        const r = resolveRoute({ clientMatrix: m, defaultMatrix: null, parcel, operators });
        return r.ok ? r.operatorId : r.reason;
      };
      expect(route(copy)).toBe(route(SOURCE));
    }
  });

  it('passes validation under a free name and is refused under the source name', () => {
    const copy = cloneMatrix(SOURCE, 'Src copy', 'b', ids);
    expect(validateMatrix(copy, [SOURCE])).toEqual([]);
    const same = cloneMatrix(SOURCE, ' matrix SRC', 'c', ids);
    expect(validateMatrix(same, [SOURCE])).toEqual([{ code: 'nameTaken', takenById: 'src' }]);
  });
});
