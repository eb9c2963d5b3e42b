import { MESSAGES, type ParcelStatus } from '@depot/contracts';
import {
  addConsolidationRefusal,
  addParcelRefusal,
  changeRefusal,
  consolidationKindOf,
  isBlockedByCheck,
  mixRefusal,
  newConsolidationBarcode,
  removeRefusal,
  scanRefusal,
  type ConsolidationCandidate,
  type ConsolidationState,
  type ParcelCandidate,
} from './consolidations';

const state = (over: Partial<ConsolidationState> = {}): ConsolidationState => ({
  id: 'target',
  type: 'normal',
  isLandmark: false,
  isBlocked: false,
  holds: { landmark: 0, other: 0 },
  ...over,
});
const NORMAL = state();
const LANDMARK = state({ isLandmark: true });
const CAR = state({ type: 'car' });
const CAR_OF_LANDMARK = state({ type: 'car', holds: { landmark: 2, other: 0 } });
const CAR_OF_OTHERS = state({ type: 'car', holds: { landmark: 0, other: 3 } });

const parcel = (over: Partial<ParcelCandidate> = {}): ParcelCandidate => ({
  isLandmark: false,
  status: 'parcelCenter',
  consolidationId: null,
  ...over,
});
const LANDMARK_PARCEL = parcel({ isLandmark: true });
const OTHER_PARCEL = parcel();

const child = (over: Partial<ConsolidationCandidate> = {}): ConsolidationCandidate => ({
  id: 'child',
  type: 'normal',
  isLandmark: false,
  parentId: null,
  ...over,
});

describe('consolidationKindOf', () => {
  it.each([
    ['car', false, 'car'],
    ['car', true, 'car'],
    ['normal', true, 'landmark'],
    ['normal', false, 'normal'],
  ] as const)('%s marked Landmark=%s is a %s consolidation', (type, isLandmark, kind) => {
    expect(consolidationKindOf({ type, isLandmark })).toBe(kind);
  });
});

describe('the mix errors: one message per kind (SPEC 8)', () => {
  it('are three distinct texts', () => {
    const texts = [
      MESSAGES.consolidationMixCar,
      MESSAGES.consolidationMixLandmark,
      MESSAGES.consolidationMixNormal,
    ];
    expect(new Set(texts).size).toBe(3);
  });

  it.each<[string, ConsolidationState, boolean, string | null]>([
    ['a regular consolidation refuses a Landmark parcel', NORMAL, true, MESSAGES.consolidationMixNormal],
    ['a regular consolidation takes another parcel', NORMAL, false, null],
    ['a Landmark consolidation takes a Landmark parcel', LANDMARK, true, null],
    ['a Landmark consolidation refuses any other parcel', LANDMARK, false, MESSAGES.consolidationMixLandmark],
    ['an empty car takes a Landmark parcel', CAR, true, null],
    ['an empty car takes another parcel', CAR, false, null],
    ['a car of Landmark parcels takes another Landmark one', CAR_OF_LANDMARK, true, null],
    [
      'a car of Landmark parcels refuses another parcel',
      CAR_OF_LANDMARK,
      false,
      MESSAGES.consolidationMixCar,
    ],
    ['a car of other parcels takes another one', CAR_OF_OTHERS, false, null],
    ['a car of other parcels refuses a Landmark parcel', CAR_OF_OTHERS, true, MESSAGES.consolidationMixCar],
    [
      'a car already mixed (an old row) refuses both kinds: Landmark',
      state({ type: 'car', holds: { landmark: 1, other: 1 } }),
      true,
      MESSAGES.consolidationMixCar,
    ],
    [
      'a car already mixed (an old row) refuses both kinds: other',
      state({ type: 'car', holds: { landmark: 1, other: 1 } }),
      false,
      MESSAGES.consolidationMixCar,
    ],
    [
      'a regular consolidation that holds parcels still refuses a Landmark one',
      state({ holds: { landmark: 0, other: 5 } }),
      true,
      MESSAGES.consolidationMixNormal,
    ],
  ])('%s', (_, target, isLandmark, expected) => {
    expect(mixRefusal(target, isLandmark)).toBe(expected);
    expect(addParcelRefusal(target, parcel({ isLandmark }))).toBe(expected);
  });
});

describe('addParcelRefusal', () => {
  it.each<[string, ConsolidationState, ParcelCandidate, string | null]>([
    ['a parcel goes into an open regular consolidation', NORMAL, OTHER_PARCEL, null],
    [
      'a blocked consolidation takes no parcel',
      state({ isBlocked: true }),
      OTHER_PARCEL,
      MESSAGES.consolidationBlocked,
    ],
    [
      'blocked wins over the mix error',
      state({ isBlocked: true }),
      LANDMARK_PARCEL,
      MESSAGES.consolidationBlocked,
    ],
    [
      'a blocked Landmark consolidation refuses even a Landmark parcel',
      state({ isLandmark: true, isBlocked: true }),
      LANDMARK_PARCEL,
      MESSAGES.consolidationBlocked,
    ],
    [
      'a blocked car takes no parcel',
      state({ type: 'car', isBlocked: true }),
      OTHER_PARCEL,
      MESSAGES.consolidationBlocked,
    ],
    [
      'a delivered parcel is not consolidated',
      NORMAL,
      parcel({ status: 'delivered' }),
      MESSAGES.consolidationParcelFinal,
    ],
    [
      'a cancelled parcel is not consolidated',
      NORMAL,
      parcel({ status: 'canceled' }),
      MESSAGES.consolidationParcelFinal,
    ],
    ['a parcel in transport is', NORMAL, parcel({ status: 'inTransport' }), null],
    ['a new parcel is', NORMAL, parcel({ status: 'new' }), null],
    [
      'a parcel already here is present',
      NORMAL,
      parcel({ consolidationId: 'target' }),
      MESSAGES.consolidationItemPresent,
    ],
    [
      'a parcel in another consolidation is taken',
      NORMAL,
      parcel({ consolidationId: 'other' }),
      MESSAGES.consolidationItemTaken,
    ],
    [
      'a Landmark parcel in another consolidation is taken (before the mix error)',
      NORMAL,
      parcel({ isLandmark: true, consolidationId: 'other' }),
      MESSAGES.consolidationItemTaken,
    ],
    ['a parcel goes straight into a car too', CAR_OF_OTHERS, OTHER_PARCEL, null],
  ])('%s', (_, target, p, expected) => {
    expect(addParcelRefusal(target, p)).toBe(expected);
  });

  it.each<ParcelStatus>(['new', 'pickup', 'parcelCenter', 'problem', 'inTransport', 'inDelivery', 'return'])(
    'takes a parcel in status %s',
    (status) => {
      expect(addParcelRefusal(NORMAL, parcel({ status }))).toBeNull();
    },
  );
});

describe('addConsolidationRefusal: only a car holds other consolidations', () => {
  it.each<[string, ConsolidationState, ConsolidationCandidate, string | null]>([
    ['a car takes a normal consolidation', CAR, child(), null],
    ['a car takes a Landmark consolidation', CAR, child({ isLandmark: true }), null],
    ['a regular consolidation takes no consolidation', NORMAL, child(), MESSAGES.consolidationIntoRegular],
    [
      'a Landmark consolidation takes no consolidation',
      LANDMARK,
      child({ isLandmark: true }),
      MESSAGES.consolidationIntoRegular,
    ],
    [
      'a blocked car takes nothing',
      state({ type: 'car', isBlocked: true }),
      child(),
      MESSAGES.consolidationBlocked,
    ],
    [
      'blocked comes first, even for a regular one',
      state({ isBlocked: true }),
      child(),
      MESSAGES.consolidationBlocked,
    ],
    ['a car cannot hold itself', CAR, child({ id: 'target', type: 'car' }), MESSAGES.consolidationIntoItself],
    ['a car holds no other car', CAR, child({ type: 'car' }), MESSAGES.consolidationCarInside],
    [
      'a consolidation already in this car is present',
      CAR,
      child({ parentId: 'target' }),
      MESSAGES.consolidationItemPresent,
    ],
    [
      'a consolidation in another car is taken',
      CAR,
      child({ parentId: 'car-2' }),
      MESSAGES.consolidationItemTaken,
    ],
    [
      'a car of Landmark parcels refuses a normal consolidation',
      CAR_OF_LANDMARK,
      child(),
      MESSAGES.consolidationMixCar,
    ],
    [
      'a car of other parcels refuses a Landmark consolidation',
      CAR_OF_OTHERS,
      child({ isLandmark: true }),
      MESSAGES.consolidationMixCar,
    ],
    [
      'a car of Landmark parcels takes a Landmark consolidation',
      CAR_OF_LANDMARK,
      child({ isLandmark: true }),
      null,
    ],
    ['a car of other parcels takes a normal consolidation', CAR_OF_OTHERS, child(), null],
  ])('%s', (_, target, c, expected) => {
    expect(addConsolidationRefusal(target, c)).toBe(expected);
  });
});

describe('a blocked consolidation takes no change', () => {
  it.each([
    [true, MESSAGES.consolidationBlocked],
    [false, null],
  ])('changeRefusal(isBlocked %s)', (isBlocked, expected) => {
    expect(changeRefusal({ isBlocked })).toBe(expected);
  });

  it.each<[string, ConsolidationState, boolean, string | null]>([
    ['a held parcel comes out of an open consolidation', NORMAL, true, null],
    ['nothing comes out of a blocked one', state({ isBlocked: true }), true, MESSAGES.consolidationBlocked],
    ['blocked before absent', state({ isBlocked: true }), false, MESSAGES.consolidationBlocked],
    ['what it does not hold cannot come out', NORMAL, false, MESSAGES.consolidationItemAbsent],
    ['a car gives its consolidation back', CAR_OF_OTHERS, true, null],
  ])('removeRefusal: %s', (_, target, holdsIt, expected) => {
    expect(removeRefusal(target, holdsIt)).toBe(expected);
  });

  it.each<[boolean, number, string | null]>([
    [false, 3, null],
    [false, 1, null],
    [true, 3, MESSAGES.consolidationBlocked],
    [true, 0, MESSAGES.consolidationBlocked],
    [false, 0, MESSAGES.consolidationEmpty],
  ])('scanRefusal(blocked %s, %d parcels) is %s', (isBlocked, count, expected) => {
    expect(scanRefusal({ isBlocked }, count)).toBe(expected);
  });
});

describe('isBlockedByCheck: a failed block check counts as blocked (SPEC 8)', () => {
  it.each<[string, unknown, boolean]>([
    ['an answer saying not blocked', { isBlocked: false }, false],
    ['a whole consolidation saying not blocked', { id: 'x', barcode: 'CS1', isBlocked: false }, false],
    ['an answer saying blocked', { isBlocked: true }, true],
    ['no answer', undefined, true],
    ['null', null, true],
    ['an error', new Error('Network Error'), true],
    ['an error reply body', { statusCode: 500, message: 'Server error' }, true],
    ['a 404 body', { statusCode: 404, error: 'Not Found', message: 'Consolidation not found.' }, true],
    ['isBlocked as the text "false"', { isBlocked: 'false' }, true],
    ['isBlocked as 0', { isBlocked: 0 }, true],
    ['isBlocked null', { isBlocked: null }, true],
    ['a bare boolean false', false, true],
    ['a string', 'ok', true],
    ['an array', [], true],
  ])('%s → blocked %s', (_, answer, expected) => {
    expect(isBlockedByCheck(answer)).toBe(expected);
  });
});

describe('newConsolidationBarcode', () => {
  it('is CS and ten digits', () => {
    let i = 0;
    expect(newConsolidationBarcode(() => i++)).toBe('CS0123456789');
  });

  it.each([[0], [9], [13], [-4], [7.9]])('keeps every digit a digit (random gives %s)', (n) => {
    expect(newConsolidationBarcode(() => n)).toMatch(/^CS\d{10}$/);
  });
});
