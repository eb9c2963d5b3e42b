import { MESSAGES, PARCEL_STATUSES, type ParcelStatus } from '@depot/contracts';
import {
  cancellationOf,
  isActiveParcel,
  isEditable,
  needsAutoReturn,
  returnProblem,
  hasLeft,
  statusChangeProblem,
} from './parcel-status';

const CARRIER_STATUSES = PARCEL_STATUSES.filter(
  (s) => !['new', 'delivered', 'canceled', 'toCancel'].includes(s),
) as ParcelStatus[];

describe('isActiveParcel', () => {
  it.each(PARCEL_STATUSES.map((s) => [s, !['delivered', 'canceled'].includes(s)] as const))(
    '%s is active: %s',
    (status, expected) => {
      expect(isActiveParcel({ status, deleted: false })).toBe(expected);
    },
  );
  it('a deleted parcel is never active', () => {
    expect(isActiveParcel({ status: 'new', deleted: true })).toBe(false);
  });
});

describe('statusChangeProblem', () => {
  it.each(PARCEL_STATUSES)('setting %s again is refused', (s) => {
    expect(statusChangeProblem(s, s)).toBe(MESSAGES.parcelStatusUnchanged);
  });
  it.each(['new', 'toCancel'] as const)('%s is never set by hand', (to) => {
    expect(statusChangeProblem('pickup', to)).toBe(MESSAGES.parcelStatusNotSettable);
  });
  it.each(CARRIER_STATUSES)('a cancelled parcel cannot become %s', (to) => {
    expect(statusChangeProblem('canceled', to)).toBe(MESSAGES.parcelStatusFinal);
  });
  it('a delivered parcel may become return, and nothing else', () => {
    expect(statusChangeProblem('delivered', 'return')).toBeNull();
    expect(statusChangeProblem('delivered', 'inTransport')).toBe(MESSAGES.parcelStatusDeliveredOnlyReturn);
    expect(statusChangeProblem('delivered', 'canceled')).toBe(MESSAGES.parcelStatusDeliveredOnlyReturn);
  });
  it.each(
    CARRIER_STATUSES.flatMap((from) => CARRIER_STATUSES.filter((to) => to !== from).map((to) => [from, to])),
  )('a carrier status %s may change to %s', (from, to) => {
    expect(statusChangeProblem(from, to)).toBeNull();
  });
  it('a new parcel may be handed over (pickup), delivered or cancelled by hand', () => {
    for (const to of ['pickup', 'delivered', 'canceled'] as const)
      expect(statusChangeProblem('new', to)).toBeNull();
  });
});

describe('cancellationOf', () => {
  it('a new parcel is cancelled at once', () => {
    expect(cancellationOf('new')).toEqual({ kind: 'cancelNow' });
  });
  it.each(CARRIER_STATUSES)('a parcel in %s (handed to a carrier) goes to toCancel', (status) => {
    expect(cancellationOf(status)).toEqual({ kind: 'toCancel' });
  });
  it.each(['delivered', 'canceled'] as const)('a %s parcel cannot be cancelled', (status) => {
    expect(cancellationOf(status)).toEqual({ kind: 'refused', message: MESSAGES.parcelCancelFinal });
  });
  it('a parcel already being cancelled is refused', () => {
    expect(cancellationOf('toCancel')).toEqual({ kind: 'refused', message: MESSAGES.parcelCancelInProgress });
  });
});

describe('isEditable', () => {
  it.each(PARCEL_STATUSES.map((s) => [s, s === 'new'] as const))('%s → %s', (s, expected) => {
    expect(isEditable(s)).toBe(expected);
  });
});

describe('returns', () => {
  const base = { orderType: 'internal', status: 'delivered' as ParcelStatus, hasReturn: false };
  it('a parcel may be returned once', () => {
    expect(returnProblem(base)).toBeNull();
    expect(returnProblem({ ...base, hasReturn: true })).toBe(MESSAGES.parcelReturnExists);
  });
  it('a return is not returned, nor a cancelled parcel', () => {
    expect(returnProblem({ ...base, orderType: 'internalReturn' })).toBe(MESSAGES.parcelReturnOfReturn);
    expect(returnProblem({ ...base, status: 'canceled' })).toBe(MESSAGES.parcelReturnOfCanceled);
    expect(returnProblem({ ...base, status: 'toCancel' })).toBe(MESSAGES.parcelReturnOfCanceled);
  });
  it('a parcel not yet handed to its carrier (status new) is not returned', () => {
    expect(returnProblem({ ...base, status: 'new' })).toBe(MESSAGES.parcelReturnNotLeft);
  });
  it.each(PARCEL_STATUSES.map((s) => [s, !['new', 'canceled', 'toCancel'].includes(s)] as const))(
    'has %s left? %s',
    (status, expected) => {
      expect(hasLeft(status)).toBe(expected);
      expect(returnProblem({ ...base, status }) === null).toBe(expected);
    },
  );

  const auto = {
    clientAutoReturn: true,
    previousStatus: 'inDelivery' as ParcelStatus,
    status: 'return' as ParcelStatus,
    orderType: 'internal',
    hasReturn: false,
  };
  it('autoReturnPackages makes the return when a parcel reaches return', () => {
    expect(needsAutoReturn(auto)).toBe(true);
  });
  it.each([
    ['the client has no autoReturnPackages', { clientAutoReturn: false }],
    ['the status is not return', { status: 'delivered' as ParcelStatus }],
    ['it already was return', { previousStatus: 'return' as ParcelStatus }],
    ['it is a return parcel itself', { orderType: 'internalReturn' }],
    ['a return exists', { hasReturn: true }],
  ])('no automatic return when %s', (_label, over) => {
    expect(needsAutoReturn({ ...auto, ...over })).toBe(false);
  });
});
