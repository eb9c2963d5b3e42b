import { type CountryCode } from '@depot/contracts';
import {
  conditionMatches,
  conditionSpecificity,
  rankCandidates,
  resolveRoute,
  type OperatorLimit,
  type RouteParcel,
  type RouteResult,
  type RoutingCondition,
  type RoutingMatrix,
} from './routing';

const cond = (
  id: string,
  pickupCountry: CountryCode | null,
  destinationCountry: CountryCode | null,
  maxWeightKg: number,
  operatorId: string,
): RoutingCondition => ({ id, pickupCountry, destinationCountry, maxWeightKg, operatorId });

function matrix(id: string, conditions: RoutingCondition[], isDefault = false): RoutingMatrix {
  return { id, name: `Matrix ${id}`, isDefault, conditions };
}
function op(operatorId: string, maxWeightKg: number | null = null, active = true): OperatorLimit {
  return { operatorId, active, maxWeightKg };
}
function parcel(pickupCountry: CountryCode, destinationCountry: CountryCode, weightKg: number): RouteParcel {
  return { pickupCountry, destinationCountry, weightKg };
}

const OPERATORS: OperatorLimit[] = [
  op('UPS', 70),
  op('DPD', 31.5),
  op('GLS'),
  op('OLD', null, false),
  op('HEAVY', 1000),
  op('DHL', 0), // 0 = no own limit
];

const CLIENT = matrix('client', [
  cond('c1', 'PL', 'DE', 10, 'DPD'),
  cond('c2', 'PL', 'DE', 30, 'GLS'),
  cond('c3', null, 'DE', 5, 'UPS'),
  cond('c4', 'PL', null, 20, 'DHL'),
  cond('c5', null, null, 2, 'GLS'),
  cond('c6', 'PL', 'FR', 5, 'OLD'),
  cond('c7', 'PL', 'FR', 5, 'DPD'),
  cond('c8', 'PL', 'AT', 50, 'DPD'),
]);

const DEFAULT = matrix(
  'default',
  [
    cond('d1', null, null, 31.5, 'GLS'),
    cond('d2', 'PL', 'IT', 100, 'HEAVY'),
    cond('d3', null, 'ES', 10, 'OLD'),
  ],
  true,
);

const resolve = (
  p: RouteParcel,
  clientMatrix: RoutingMatrix | null = CLIENT,
  defaultMatrix: RoutingMatrix | null = DEFAULT,
) => resolveRoute({ clientMatrix, defaultMatrix, parcel: p, operators: OPERATORS });

/** A result reduced to what the tables compare. */
const summary = (r: RouteResult): string => {
  if (!r.ok) return r.reason;
  const skipped = r.skipped.map((s) => s.condition.id).join(',');
  return `${r.operatorId} ${r.condition.id} ${r.reason}${r.fallback ? ' fallback' : ''}${skipped ? ` skipped:${skipped}` : ''}`;
};

describe('resolveRoute: client matrix with default fallback', () => {
  it.each<[string, CountryCode, CountryCode, number, string]>([
    ['light parcel takes the exact condition with the smallest max', 'PL', 'DE', 1, 'DPD c1 clientMatrix'],
    ['weight exactly at max matches (inclusive)', 'PL', 'DE', 10, 'DPD c1 clientMatrix'],
    ['just above max moves to the next larger exact condition', 'PL', 'DE', 10.001, 'GLS c2 clientMatrix'],
    ['exactly at the larger max', 'PL', 'DE', 30, 'GLS c2 clientMatrix'],
    [
      'above every client condition falls back to the default',
      'PL',
      'DE',
      30.01,
      'GLS d1 defaultMatrix fallback',
    ],
    ['exactly at the default max', 'PL', 'DE', 31.5, 'GLS d1 defaultMatrix fallback'],
    ['above every condition in both matrices', 'PL', 'DE', 31.51, 'noMatch'],
    ['destination-only condition for another pickup country', 'CZ', 'DE', 3, 'UPS c3 clientMatrix'],
    ['destination-only at its max', 'CZ', 'DE', 5, 'UPS c3 clientMatrix'],
    [
      'destination-only just above max: any/any is too small, default',
      'CZ',
      'DE',
      5.5,
      'GLS d1 defaultMatrix fallback',
    ],
    ['pickup-only condition', 'PL', 'SE', 15, 'DHL c4 clientMatrix'],
    ['pickup-only at max (operator limit 0 means none)', 'PL', 'SE', 20, 'DHL c4 clientMatrix'],
    ['any/any condition', 'CZ', 'SE', 1.5, 'GLS c5 clientMatrix'],
    ['any/any at max', 'CZ', 'SE', 2, 'GLS c5 clientMatrix'],
    ['any/any just above max', 'CZ', 'SE', 2.01, 'GLS d1 defaultMatrix fallback'],
    [
      'inactive carrier skipped for the identical backup row',
      'PL',
      'FR',
      3,
      'DPD c7 clientMatrix skipped:c6',
    ],
    ['exact rows too small: the pickup-only row takes it', 'PL', 'FR', 6, 'DHL c4 clientMatrix'],
    ['carrier limit at the boundary is accepted', 'PL', 'AT', 31.5, 'DPD c8 clientMatrix'],
    ['over the carrier limit is refused', 'PL', 'AT', 31.6, 'overWeight'],
    ['heavy parcel found only in the default matrix', 'PL', 'IT', 80, 'HEAVY d2 defaultMatrix fallback'],
    [
      'inactive default row skipped for the default any/any row',
      'CZ',
      'ES',
      5,
      'GLS d1 defaultMatrix fallback skipped:d3',
    ],
    ['heavier than every row for that route', 'CZ', 'ES', 40, 'noMatch'],
    [
      'inactive row matched at its max is still skipped',
      'CZ',
      'ES',
      10,
      'GLS d1 defaultMatrix fallback skipped:d3',
    ],
  ])('%s (%s→%s %p kg)', (_label, from, to, weight, expected) => {
    expect(summary(resolve(parcel(from, to, weight)))).toBe(expected);
  });

  it('explains the decision with the matching condition itself', () => {
    const r = resolve(parcel('PL', 'DE', 12));
    expect(r).toEqual({
      ok: true,
      operatorId: 'GLS',
      matrixId: 'client',
      condition: {
        id: 'c2',
        pickupCountry: 'PL',
        destinationCountry: 'DE',
        maxWeightKg: 30,
        operatorId: 'GLS',
      },
      specificity: 'exact',
      reason: 'clientMatrix',
      fallback: false,
      skipped: [],
    });
    expect(r.ok && r.condition).toBe(CLIENT.conditions[1]);
  });

  it('reports the carrier limit and the refused condition on overWeight', () => {
    expect(resolve(parcel('PL', 'AT', 40))).toEqual({
      ok: false,
      reason: 'overWeight',
      operatorId: 'DPD',
      matrixId: 'client',
      condition: CLIENT.conditions[7],
      weightKg: 40,
      limitKg: 31.5,
      skipped: [],
    });
  });

  it('lists the searched matrices on noMatch', () => {
    expect(resolve(parcel('PL', 'DE', 500))).toEqual({
      ok: false,
      reason: 'noMatch',
      searchedMatrixIds: ['client', 'default'],
      parcel: parcel('PL', 'DE', 500),
    });
  });
});

describe('resolveRoute: which matrices are searched', () => {
  const p = parcel('CZ', 'SE', 10);

  it('uses the default alone when the client has no matrix (not a fallback)', () => {
    expect(summary(resolve(parcel('PL', 'DE', 1), null))).toBe('GLS d1 defaultMatrix');
  });

  it('gives noMatch when the client matrix does not match and there is no default', () => {
    const r = resolve(p, CLIENT, null);
    expect(r).toMatchObject({ ok: false, reason: 'noMatch', searchedMatrixIds: ['client'] });
  });

  it('gives noMatch when there are no matrices at all', () => {
    expect(resolve(p, null, null)).toMatchObject({ ok: false, reason: 'noMatch', searchedMatrixIds: [] });
  });

  it('searches a client matrix that is the default only once', () => {
    const r = resolve(parcel('PL', 'DE', 500), DEFAULT, DEFAULT);
    expect(r).toMatchObject({ reason: 'noMatch', searchedMatrixIds: ['default'] });
    expect(summary(resolve(p, DEFAULT, DEFAULT))).toBe('GLS d1 clientMatrix');
  });

  it('falls back to the default when every client candidate has an inactive carrier', () => {
    const client = matrix('client', [cond('x1', 'PL', 'DE', 10, 'OLD'), cond('x2', null, null, 10, 'OLD')]);
    expect(summary(resolve(parcel('PL', 'DE', 1), client))).toBe(
      'GLS d1 defaultMatrix fallback skipped:x1,x2',
    );
  });

  it('reports operatorInactive with every skipped candidate when none remains', () => {
    const client = matrix('client', [cond('x1', 'PL', 'DE', 10, 'OLD')]);
    const dflt = matrix('default', [cond('y1', null, null, 10, 'GONE')], true);
    const r = resolve(parcel('PL', 'DE', 1), client, dflt);
    expect(r).toEqual({
      ok: false,
      reason: 'operatorInactive',
      skipped: [
        { matrixId: 'client', condition: client.conditions[0], specificity: 'exact', cause: 'inactive' },
        { matrixId: 'default', condition: dflt.conditions[0], specificity: 'any', cause: 'unknownOperator' },
      ],
    });
  });
});

describe('resolveRoute: invalid weights', () => {
  it.each([0, -0, -1, -0.001, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses %p before searching',
    (weightKg) => {
      expect(resolve(parcel('PL', 'DE', weightKg))).toEqual({ ok: false, reason: 'invalidWeight', weightKg });
      expect(resolve(parcel('PL', 'DE', weightKg), null, null)).toMatchObject({ reason: 'invalidWeight' });
    },
  );

  it('accepts a tiny positive weight', () => {
    expect(summary(resolve(parcel('PL', 'DE', 0.001)))).toBe('DPD c1 clientMatrix');
  });
});

describe('resolveRoute: ranking within a matrix', () => {
  const ops = [op('EXACT'), op('DEST'), op('PICK'), op('ANY')];
  const all = [
    cond('any', null, null, 10, 'ANY'),
    cond('pick', 'PL', null, 10, 'PICK'),
    cond('dest', null, 'DE', 10, 'DEST'),
    cond('exact', 'PL', 'DE', 10, 'EXACT'),
  ];
  const run = (conditions: RoutingCondition[], weightKg = 1, operators = ops) =>
    resolveRoute({
      clientMatrix: matrix('m', conditions),
      defaultMatrix: null,
      parcel: parcel('PL', 'DE', weightKg),
      operators,
    });

  it.each([
    [['any', 'pick', 'dest', 'exact'], 'exact'],
    [['any', 'pick', 'dest'], 'dest'],
    [['any', 'pick'], 'pick'],
    [['any'], 'any'],
  ])('among %j the most specific wins: %s', (ids, winner) => {
    const r = run(all.filter((c) => ids.includes(c.id)));
    expect(r.ok && r.condition.id).toBe(winner);
  });

  it('prefers specificity over a tighter weight', () => {
    const r = run([cond('tight', null, null, 1, 'ANY'), cond('loose', 'PL', 'DE', 1000, 'EXACT')]);
    expect(r.ok && r.condition.id).toBe('loose');
  });

  it.each([
    [5, 'ten'],
    [10, 'ten'],
    [10.5, 'twenty'],
    [20, 'twenty'],
    [25, 'thirty'],
    [30.5, 'noMatch'],
  ])('picks the smallest sufficient max whatever the list order (%p kg → %s)', (weight, expected) => {
    const r = run(
      [
        cond('thirty', 'PL', 'DE', 30, 'ANY'),
        cond('ten', 'PL', 'DE', 10, 'ANY'),
        cond('twenty', 'PL', 'DE', 20, 'ANY'),
      ],
      weight,
    );
    expect(r.ok ? r.condition.id : r.reason).toBe(expected);
  });

  it('breaks a full tie by list order', () => {
    const r = run([cond('first', 'PL', 'DE', 10, 'DEST'), cond('second', 'PL', 'DE', 10, 'EXACT')]);
    expect(r.ok && r.condition.id).toBe('first');
  });

  it('skips an inactive better candidate for a less specific active one', () => {
    const r = run(all, 1, [op('EXACT', null, false), op('DEST'), op('PICK'), op('ANY')]);
    expect(summary(r)).toBe('DEST dest clientMatrix skipped:exact');
  });

  it('refuses overWeight on the first usable candidate without trying later ones', () => {
    const r = run([cond('small-carrier', 'PL', 'DE', 50, 'EXACT'), cond('big', null, null, 50, 'ANY')], 40, [
      op('EXACT', 31.5),
      op('ANY'),
    ]);
    expect(r).toMatchObject({
      ok: false,
      reason: 'overWeight',
      operatorId: 'EXACT',
      limitKg: 31.5,
      weightKg: 40,
    });
  });

  it('keeps the skipped list on overWeight', () => {
    const r = run([cond('a', 'PL', 'DE', 50, 'EXACT'), cond('b', null, null, 50, 'ANY')], 40, [
      op('EXACT', null, false),
      op('ANY', 30),
    ]);
    expect(r).toMatchObject({ reason: 'overWeight', operatorId: 'ANY' });
    expect(!r.ok && r.reason === 'overWeight' && r.skipped.map((s) => s.condition.id)).toEqual(['a']);
  });

  it.each([null, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])(
    'treats an operator limit of %p as none',
    (limit) => {
      expect(run([cond('exact', 'PL', 'DE', 500, 'EXACT')], 400, [op('EXACT', limit)]).ok).toBe(true);
    },
  );

  it('ignores conditions whose max weight is not positive', () => {
    expect(
      run([cond('zero', 'PL', 'DE', 0, 'EXACT'), cond('nan', 'PL', 'DE', Number.NaN, 'EXACT')]),
    ).toMatchObject({
      reason: 'noMatch',
    });
  });
});

describe('resolveRoute: invariants over a grid', () => {
  const countries: CountryCode[] = ['PL', 'DE', 'CZ', 'FR', 'AT', 'IT', 'ES', 'SE'];
  const weights = [0.5, 2, 2.01, 5, 5.5, 10, 10.01, 20, 30, 31.5, 31.6, 40, 80, 100, 101];
  const active = new Map(OPERATORS.map((o) => [o.operatorId, o]));
  const usable = (m: RoutingMatrix, p: RouteParcel) =>
    m.conditions.filter((c) => conditionMatches(c, p) && active.get(c.operatorId)?.active);
  const rank = (c: RoutingCondition) =>
    ['exact', 'destination', 'pickup', 'any'].indexOf(conditionSpecificity(c));

  /** What is wrong with the result for one parcel (empty when every invariant holds). */
  const violations = (p: RouteParcel): string[] => {
    const r = resolve(p);
    const clientUsable = usable(CLIENT, p);
    const anyUsable = clientUsable.length + usable(DEFAULT, p).length > 0;
    if (!r.ok)
      return (r.reason === 'noMatch' || r.reason === 'operatorInactive') && anyUsable ? [r.reason] : [];
    const found: string[] = [];
    if (!conditionMatches(r.condition, p)) found.push(`condition ${r.condition.id} does not match`);
    if (p.weightKg > (active.get(r.operatorId)?.maxWeightKg || Infinity)) found.push('over carrier limit');
    if ((r.reason === 'clientMatrix') !== clientUsable.length > 0) found.push(`wrong matrix ${r.matrixId}`);
    const pool = r.reason === 'clientMatrix' ? clientUsable : usable(DEFAULT, p);
    const better = pool.filter(
      (o) =>
        rank(o) < rank(r.condition) ||
        (rank(o) === rank(r.condition) && o.maxWeightKg < r.condition.maxWeightKg),
    );
    if (better.length > 0) found.push(`better candidate ${better[0].id}`);
    return found;
  };

  it('always returns a usable, best-ranked condition, from the client matrix whenever it can route', () => {
    const report: string[] = [];
    let routed = 0;
    for (const from of countries)
      for (const to of countries)
        for (const w of weights) {
          const p = parcel(from, to, w);
          if (resolve(p).ok) routed++;
          report.push(...violations(p).map((v) => `${from}→${to} ${w}kg: ${v}`));
        }
    expect(report).toEqual([]);
    expect(routed).toBeGreaterThan(100);
  });
});

describe('rankCandidates / conditionSpecificity', () => {
  it.each<[CountryCode | null, CountryCode | null, string]>([
    ['PL', 'DE', 'exact'],
    [null, 'DE', 'destination'],
    ['PL', null, 'pickup'],
    [null, null, 'any'],
  ])('%p→%p is %s', (from, to, expected) => {
    expect(conditionSpecificity({ pickupCountry: from, destinationCountry: to })).toBe(expected);
  });

  it('lists every matching condition best first, tagged with the matrix', () => {
    const ranked = rankCandidates(CLIENT, parcel('PL', 'DE', 4));
    expect(ranked.map((c) => `${c.matrixId}:${c.condition.id}:${c.specificity}`)).toEqual([
      'client:c1:exact',
      'client:c2:exact',
      'client:c3:destination',
      'client:c4:pickup',
    ]);
  });
});
