import { mergeSecrets, missingRequiredSecrets, operatorDeactivation, sameSecrets } from './operators';

describe('mergeSecrets', () => {
  it('keeps stored secrets that were left out', () => {
    expect(mergeSecrets('DPD', { password: 'old' }, {})).toEqual({ password: 'old' });
  });

  it('replaces a secret given anew', () => {
    expect(mergeSecrets('DPD', { password: 'old' }, { password: 'new' })).toEqual({ password: 'new' });
  });

  it('clears an optional secret given as null, keeping the others', () => {
    expect(mergeSecrets('INPOST', { apiToken: 't', webhookSecret: 'w' }, { webhookSecret: null })).toEqual({
      apiToken: 't',
    });
  });

  it('clears a secret given as null', () => {
    expect(
      mergeSecrets('CARGUS', { password: 'p', subscriptionKey: 'k' }, { subscriptionKey: null }),
    ).toEqual({
      password: 'p',
    });
  });

  it('drops secrets the type has no field for (after a type change) and ignores unknown given keys', () => {
    expect(mergeSecrets('INPOST', { password: 'dpd-pass' }, { apiToken: 't', other: 'x' })).toEqual({
      apiToken: 't',
    });
  });

  it('sets secrets on a new operator (nothing stored)', () => {
    expect(mergeSecrets('UPS', {}, { clientSecret: 's' })).toEqual({ clientSecret: 's' });
    expect(mergeSecrets('UPS', {}, {})).toEqual({});
  });

  it('never keeps an empty value', () => {
    expect(mergeSecrets('DPD', { password: '' }, {})).toEqual({});
  });
});

describe('missingRequiredSecrets', () => {
  it.each([
    ['DPD', {}, ['password']],
    ['DPD', { password: 'x' }, []],
    ['CARGUS', { password: 'x' }, ['subscriptionKey']],
    ['CARGUS', {}, ['password', 'subscriptionKey']],
    ['INPOST', { password: 'x' }, ['apiToken']],
  ] as const)('%s with %j lacks %j', (type, secrets, missing) => {
    expect(missingRequiredSecrets(type, secrets)).toEqual(missing);
  });
});

describe('sameSecrets', () => {
  it.each([
    [{}, {}, true],
    [{ a: '1' }, { a: '1' }, true],
    [{ a: '1' }, { a: '2' }, false],
    [{ a: '1' }, {}, false],
    [{}, { a: '1' }, false],
    [{ a: '1', b: '2' }, { b: '2', a: '1' }, true],
  ])('%j vs %j: %s', (a, b, expected) => {
    expect(sameSecrets(a, b)).toBe(expected);
  });
});

describe('operatorDeactivation (SPEC 4)', () => {
  it('refuses to deactivate an operator with active parcels', () => {
    expect(
      operatorDeactivation({ wasActive: true, active: false, activeParcels: 3, routingConditions: 0 }),
    ).toEqual({
      allowed: false,
      reason: 'activeParcels',
      activeParcels: 3,
    });
  });

  it('allows deactivating an operator without active parcels, reporting the routing conditions that will skip it', () => {
    expect(
      operatorDeactivation({ wasActive: true, active: false, activeParcels: 0, routingConditions: 4 }),
    ).toEqual({
      allowed: true,
      skippedByRouting: 4,
    });
    expect(
      operatorDeactivation({ wasActive: true, active: false, activeParcels: 0, routingConditions: 0 }),
    ).toEqual({
      allowed: true,
      skippedByRouting: 0,
    });
  });

  it.each([
    [true, true],
    [false, false],
    [false, true],
  ])(
    'anything but a deactivation (was %s, now %s) is allowed, even with active parcels',
    (wasActive, active) => {
      expect(operatorDeactivation({ wasActive, active, activeParcels: 9, routingConditions: 9 })).toEqual({
        allowed: true,
        skippedByRouting: 0,
      });
    },
  );
});
