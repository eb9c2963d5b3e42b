import type { LabelClientFlags, LabelParcel } from '@depot/contracts';
import {
  code128Safe,
  drawnPages,
  labelCountOf,
  labelKinds,
  labelNotices,
  legNumber,
  packageBarcode,
  planLabelFile,
  planLabels,
  usesCarrierLabel,
  visibleLabelNotices,
  type LabelFacts,
} from './labels';

const NO_FLAGS: LabelClientFlags = {
  firstMile: false,
  genOnlyFirstMile: false,
  dontPrintLastMile: false,
  combineLabels: false,
};

const address = {
  name: 'Jan Kowalski',
  street: 'Długa',
  building: '5',
  city: 'Łódź',
  zipCode: '90-001',
  country: 'PL',
  phone: null,
  email: null,
};

function parcel(over: Partial<LabelParcel> = {}): LabelParcel {
  return {
    id: 'p1',
    clientId: 'c1',
    clientName: 'ACME',
    internalNumber: 'ACME0000001',
    referenceNumber: null,
    externalNumber: null,
    firstMileNumber: null,
    lastMileNumber: null,
    barcode: null,
    orderType: 'internal',
    status: 'new',
    isCorrect: true,
    packageCount: 1,
    weightKg: '1.500',
    sizeCmL: null,
    sizeCmW: null,
    sizeCmD: null,
    content: null,
    note1: null,
    pickupAddress: address,
    destinationAddress: { ...address, country: 'DE', city: 'Berlin' },
    codAmount: null,
    codCurrency: null,
    carrierName: 'DPD Polska',
    carrierType: 'DPD',
    additionalShipperNameOnTheLabel: null,
    flags: NO_FLAGS,
    carrierLabelFormat: null,
    createdAt: new Date('2026-11-20T10:00:00Z'),
    ...over,
  };
}

const facts = (flags: Partial<LabelClientFlags>, over: Partial<LabelFacts> = {}): LabelFacts => ({
  flags: { ...NO_FLAGS, ...flags },
  hasCarrier: true,
  isReturn: false,
  hasPackage: true,
  ...over,
});

describe('labelKinds (client flags)', () => {
  it.each([
    ['no flags: the carrier label only', {}, ['lastMile']],
    ['firstMile: first-mile then last-mile', { firstMile: true }, ['firstMile', 'lastMile']],
    ['genOnlyFirstMile: first-mile only', { genOnlyFirstMile: true }, ['firstMile']],
    [
      'genOnlyFirstMile with firstMile: first-mile only',
      { firstMile: true, genOnlyFirstMile: true },
      ['firstMile'],
    ],
    ['dontPrintLastMile alone: nothing', { dontPrintLastMile: true }, []],
    [
      'firstMile + dontPrintLastMile: first-mile only',
      { firstMile: true, dontPrintLastMile: true },
      ['firstMile'],
    ],
    [
      'all three: first-mile only',
      { firstMile: true, genOnlyFirstMile: true, dontPrintLastMile: true },
      ['firstMile'],
    ],
  ] as const)('%s', (_name, flags, expected) => {
    expect(labelKinds(facts(flags))).toEqual(expected);
  });

  it('a parcel without a carrier has no last-mile label', () => {
    expect(labelKinds(facts({}, { hasCarrier: false }))).toEqual([]);
    expect(labelKinds(facts({ firstMile: true }, { hasCarrier: false }))).toEqual(['firstMile']);
  });

  it('a return parcel goes straight to its carrier (no first mile, even with genOnlyFirstMile)', () => {
    expect(labelKinds(facts({ firstMile: true }, { isReturn: true }))).toEqual(['lastMile']);
    expect(labelKinds(facts({ genOnlyFirstMile: true }, { isReturn: true }))).toEqual(['lastMile']);
    expect(labelKinds(facts({ dontPrintLastMile: true }, { isReturn: true }))).toEqual([]);
  });

  it('a parcel without a package gets nothing, whatever the flags', () => {
    expect(labelKinds(facts({ firstMile: true }, { hasPackage: false }))).toEqual([]);
  });
});

describe('planLabels', () => {
  it('one label per package, numbered n/N, with distinct barcodes', () => {
    const pages = planLabels(parcel({ packageCount: 3, lastMileNumber: 'DPD123' }));
    expect(pages.map((p) => [p.kind, p.packageNo, p.packageCount, p.barcode])).toEqual([
      ['lastMile', 1, 3, 'DPD123-1'],
      ['lastMile', 2, 3, 'DPD123-2'],
      ['lastMile', 3, 3, 'DPD123-3'],
    ]);
  });

  it('a single package carries the number unchanged', () => {
    expect(planLabels(parcel({ lastMileNumber: 'DPD123' })).map((p) => p.barcode)).toEqual(['DPD123']);
  });

  it('first-mile and last-mile labels for every package, first mile first', () => {
    const pages = planLabels(
      parcel({ packageCount: 2, firstMileNumber: 'FM9', flags: { ...NO_FLAGS, firstMile: true } }),
    );
    expect(pages.map((p) => `${p.kind}:${p.barcode}`)).toEqual([
      'firstMile:FM9-1',
      'firstMile:FM9-2',
      'lastMile:ACME0000001-1',
      'lastMile:ACME0000001-2',
    ]);
  });

  it.each([
    ['canceled', 'canceled' as const, true],
    ['to cancel', 'toCancel' as const, true],
    ['incorrect data', 'new' as const, false],
  ])('no labels for a parcel that is %s', (_name, status, isCorrect) => {
    expect(planLabels(parcel({ status, isCorrect }))).toEqual([]);
  });

  it('a return parcel gets its carrier label only', () => {
    const pages = planLabels(
      parcel({ orderType: 'internalReturn', flags: { ...NO_FLAGS, firstMile: true } }),
    );
    expect(pages.map((p) => p.kind)).toEqual(['lastMile']);
  });

  it('a nonsensical package count still prints one label', () => {
    expect(planLabels(parcel({ packageCount: 0 }))).toHaveLength(1);
  });
});

describe('legNumber and packageBarcode', () => {
  it('the last mile prefers the carrier number, then the barcode, the external and the internal number', () => {
    const all = parcel({ lastMileNumber: 'L', barcode: 'B', externalNumber: 'E' });
    expect(legNumber(all, 'lastMile')).toBe('L');
    expect(legNumber({ ...all, lastMileNumber: null }, 'lastMile')).toBe('B');
    expect(legNumber({ ...all, lastMileNumber: '  ', barcode: null }, 'lastMile')).toBe('E');
    expect(legNumber(parcel(), 'lastMile')).toBe('ACME0000001');
  });

  it('the first mile uses the first-mile number, else the internal number', () => {
    expect(legNumber(parcel({ firstMileNumber: ' FM1 ' }), 'firstMile')).toBe('FM1');
    expect(legNumber(parcel({ lastMileNumber: 'L' }), 'firstMile')).toBe('ACME0000001');
  });

  it('suffixes the package number only when there are several', () => {
    expect(packageBarcode('X', 1, 1)).toBe('X');
    expect(packageBarcode('X', 2, 10)).toBe('X-2');
  });

  it('code128Safe keeps printable ASCII and replaces the rest', () => {
    expect(code128Safe('AB-12/3 x')).toBe('AB-12/3 x');
    expect(code128Safe('Łódź')).toBe('??d?');
  });
});

describe('labelNotices (SPEC 8)', () => {
  it('one missing Order ID is the silent "No package found"', () => {
    expect(labelNotices(['a'], new Map())).toEqual([{ code: 'noPackageFound' }]);
    expect(visibleLabelNotices(labelNotices(['a'], new Map()))).toEqual([]);
  });

  const found = (entries: [string, number][]) =>
    new Map(entries.map(([id, labels]) => [id, { number: `NR-${id}`, labels }]));

  it('counts the labels of the found parcels', () => {
    expect(
      labelNotices(
        ['a', 'b'],
        found([
          ['a', 2],
          ['b', 1],
        ]),
      ),
    ).toEqual([{ code: 'labelCount', count: 3 }]);
    expect(labelNotices(['a'], found([['a', 1]]))).toEqual([{ code: 'labelCount', count: 1 }]);
  });

  it('counts the missing Order IDs of several, naming none of them by id', () => {
    expect(labelNotices(['a', 'b', 'c'], found([['b', 1]]))).toEqual([
      { code: 'notFound', count: 2 },
      { code: 'labelCount', count: 1 },
    ]);
  });

  it('none found of several: how many, and the PDF will be blank', () => {
    expect(labelNotices(['a', 'b'], new Map())).toEqual([{ code: 'notFound', count: 2 }, { code: 'blank' }]);
  });

  it('a found parcel without labels: no package has been created, named by its number', () => {
    expect(
      labelNotices(
        ['a', 'b'],
        found([
          ['a', 0],
          ['b', 2],
        ]),
      ),
    ).toEqual([
      { code: 'noPackageCreated', number: 'NR-a' },
      { code: 'labelCount', count: 2 },
    ]);
    expect(labelNotices(['a'], found([['a', 0]]))).toEqual([
      { code: 'noPackageCreated', number: 'NR-a' },
      { code: 'blank' },
    ]);
  });

  it('an id asked twice counts once', () => {
    expect(labelNotices(['a', 'a'], found([['a', 1]]))).toEqual([{ code: 'labelCount', count: 1 }]);
    expect(labelNotices(['a', 'a'], new Map())).toEqual([{ code: 'noPackageFound' }]);
    expect(labelNotices(['a', 'b', 'b'], new Map())).toEqual([
      { code: 'notFound', count: 2 },
      { code: 'blank' },
    ]);
  });
});

describe('planLabelFile: one file for any selection', () => {
  const firstMile = { ...NO_FLAGS, firstMile: true };
  const pagesOf = (plan: ReturnType<typeof planLabelFile>) =>
    plan.pages.map((p) => `${p.parcel.id}:${p.kind}:${p.packageNo}`);

  it("pages follow the selection order, each parcel's labels together, across clients", () => {
    const ps = [
      parcel({ id: 'a', clientId: 'c1', packageCount: 2 }),
      parcel({ id: 'b', clientId: 'c2', flags: firstMile }),
      parcel({ id: 'c', clientId: 'c1' }),
    ];
    const plan = planLabelFile(['c', 'b', 'a'], ps);
    expect(pagesOf(plan)).toEqual([
      'c:lastMile:1',
      'b:firstMile:1',
      'b:lastMile:1',
      'a:lastMile:1',
      'a:lastMile:2',
    ]);
    expect(plan.notices).toEqual([{ code: 'labelCount', count: 5 }]);
  });

  it('a parcel asked twice prints once, where it was first asked', () => {
    const ps = [parcel({ id: 'a' }), parcel({ id: 'b' })];
    expect(pagesOf(planLabelFile(['b', 'a', 'b'], ps))).toEqual(['b:lastMile:1', 'a:lastMile:1']);
  });

  it('names a parcel without a package by its number, and counts the ids not found', () => {
    const ps = [parcel({ id: 'a', internalNumber: 'ACME0000000007', status: 'canceled' })];
    expect(planLabelFile(['a', 'x'], ps)).toEqual({
      pages: [],
      notices: [
        { code: 'notFound', count: 1 },
        { code: 'noPackageCreated', number: 'ACME0000000007' },
        { code: 'blank' },
      ],
    });
  });

  it('nothing asked for: a blank file', () => {
    expect(planLabelFile([], [])).toEqual({ pages: [], notices: [{ code: 'blank' }] });
  });
});

describe("the carrier's own label in the file (combineLabels, decision 0149)", () => {
  const combining = (over: Partial<LabelParcel> = {}, flags: Partial<LabelClientFlags> = {}) =>
    parcel({
      packageCount: 3,
      lastMileNumber: 'LM1',
      carrierLabelFormat: 'pdf',
      flags: { ...NO_FLAGS, combineLabels: true, ...flags },
      ...over,
    });

  it('stands for the last mile of every package in a file of its own format', () => {
    const pages = planLabels(combining(), 'pdf');
    expect(pages).toEqual([
      expect.objectContaining({
        kind: 'lastMile',
        carrierLabel: true,
        packageNo: 1,
        packageCount: 3,
        barcode: 'LM1',
      }),
    ]);
    expect(labelCountOf(pages)).toBe(3);
  });

  it('keeps our first-mile labels before it', () => {
    const pages = planLabels(combining({}, { firstMile: true }), 'pdf');
    expect(pages.map((p) => [p.kind, p.packageNo, p.carrierLabel ?? false])).toEqual([
      ['firstMile', 1, false],
      ['firstMile', 2, false],
      ['firstMile', 3, false],
      ['lastMile', 1, true],
    ]);
    expect(labelCountOf(pages)).toBe(6);
  });

  it('draws ours when the file is of the other format, or no format is named', () => {
    expect(planLabels(combining(), 'zpl').some((p) => p.carrierLabel)).toBe(false);
    expect(planLabels(combining()).some((p) => p.carrierLabel)).toBe(false);
    expect(planLabels(combining({ carrierLabelFormat: 'zpl' }), 'zpl')[0]?.carrierLabel).toBe(true);
  });

  it('draws ours when the client does not combine labels or the carrier gave none', () => {
    expect(usesCarrierLabel(combining({}, { combineLabels: false }), 'pdf')).toBe(false);
    expect(usesCarrierLabel(combining({ carrierLabelFormat: null }), 'pdf')).toBe(false);
    expect(usesCarrierLabel(combining(), 'pdf')).toBe(true);
  });

  it('is left out with the last mile: dontPrintLastMile, genOnlyFirstMile, no package', () => {
    expect(planLabels(combining({}, { dontPrintLastMile: true }), 'pdf')).toEqual([]);
    expect(planLabels(combining({}, { genOnlyFirstMile: true }), 'pdf').every((p) => !p.carrierLabel)).toBe(
      true,
    );
    expect(planLabels(combining({ status: 'canceled' }), 'pdf')).toEqual([]);
  });

  it('a return parcel of a combining client prints the carrier label alone', () => {
    const pages = planLabels(combining({ orderType: 'internalReturn' }, { firstMile: true }), 'pdf');
    expect(pages.map((p) => p.carrierLabel)).toEqual([true]);
  });

  it('stands in for the labels we would draw, one per package', () => {
    const combined = combining();
    const [page] = planLabels(combined, 'pdf');
    const drawn = drawnPages(page!);
    expect(drawn).toEqual(planLabels(combined));
    expect(drawn.map((p) => p.barcode)).toEqual(['LM1-1', 'LM1-2', 'LM1-3']);
    const ours = planLabels(parcel());
    expect(drawnPages(ours[0]!)).toEqual(ours);
  });

  it('counts the packages it stands for in the file notices', () => {
    const plan = planLabelFile(['p1', 'p2'], [combining(), parcel({ id: 'p2' })], 'pdf');
    expect(plan.pages).toHaveLength(2);
    expect(plan.notices).toEqual([{ code: 'labelCount', count: 4 }]);
  });
});
