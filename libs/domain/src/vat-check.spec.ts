import { VIES_MEMBER_STATES, SUPPORTED_COUNTRIES } from '@depot/contracts';
import {
  isVatMemberState,
  vatCheckNeeded,
  vatTarget,
  vatVerdict,
  viesCountryCode,
  type VatCheckSubject,
} from './vat-check';

describe('viesCountryCode / isVatMemberState', () => {
  it('names Greece EL, as VIES does, and leaves the other codes alone', () => {
    expect(viesCountryCode('GR')).toBe('EL');
    expect(viesCountryCode('PL')).toBe('PL');
    expect(viesCountryCode('DE')).toBe('DE');
  });

  it('knows the 27 member states, Greece under both codes', () => {
    expect(VIES_MEMBER_STATES).toHaveLength(27);
    for (const code of VIES_MEMBER_STATES) expect(isVatMemberState(code)).toBe(true);
    expect(isVatMemberState('EL')).toBe(true);
    for (const code of ['GB', 'RU', 'CH', 'NO', 'XI', 'US', 'pl', ''])
      expect(isVatMemberState(code)).toBe(false);
  });

  it('every supported country but GB and RU is a member state', () => {
    const outside = SUPPORTED_COUNTRIES.map((c) => c.code).filter((c) => !isVatMemberState(c));
    expect(outside).toEqual(['GB', 'RU']);
  });
});

describe('vatTarget', () => {
  it.each<[string, string | null, ReturnType<typeof vatTarget>]>([
    ['PL5260001246', 'PL', { kind: 'eu', countryCode: 'PL', vatNumber: '5260001246' }],
    ['pl 526-000-12-46', 'PL', { kind: 'eu', countryCode: 'PL', vatNumber: '5260001246' }],
    ['PL 526.000.12.46', null, { kind: 'eu', countryCode: 'PL', vatNumber: '5260001246' }],
    ['5260001246', 'PL', { kind: 'eu', countryCode: 'PL', vatNumber: '5260001246' }],
    ['5260001246', 'pl', { kind: 'eu', countryCode: 'PL', vatNumber: '5260001246' }],
    ['ATU12345678', 'AT', { kind: 'eu', countryCode: 'AT', vatNumber: 'U12345678' }],
    ['U12345678', 'AT', { kind: 'eu', countryCode: 'AT', vatNumber: 'U12345678' }],
    ['B12345678', 'ES', { kind: 'eu', countryCode: 'ES', vatNumber: 'B12345678' }],
    ['ESX1234567L', 'ES', { kind: 'eu', countryCode: 'ES', vatNumber: 'X1234567L' }],
    ['NL123456789B01', 'NL', { kind: 'eu', countryCode: 'NL', vatNumber: '123456789B01' }],
    ['IE1234567FA', 'IE', { kind: 'eu', countryCode: 'IE', vatNumber: '1234567FA' }],
    ['DK12345678', 'DK', { kind: 'eu', countryCode: 'DK', vatNumber: '12345678' }],
    ['EL094259216', 'GR', { kind: 'eu', countryCode: 'EL', vatNumber: '094259216' }],
    ['GR094259216', 'GR', { kind: 'eu', countryCode: 'EL', vatNumber: '094259216' }],
    ['094259216', 'GR', { kind: 'eu', countryCode: 'EL', vatNumber: '094259216' }],
    // The prefix wins over the client's country (a Polish client with a German VAT registration).
    ['DE136695976', 'PL', { kind: 'eu', countryCode: 'DE', vatNumber: '136695976' }],
    ['DE136695976', null, { kind: 'eu', countryCode: 'DE', vatNumber: '136695976' }],
  ])('%s (client in %s) is asked as an EU number', (vatId, country, expected) => {
    expect(vatTarget(vatId, country)).toEqual(expected);
  });

  it.each<[string, string | null, string | null]>([
    ['GB123456789', 'GB', 'GB'],
    ['GB123456789', 'PL', 'GB'],
    ['RU7707083893', 'RU', 'RU'],
    ['CHE-123.456.789', 'CH', 'CH'],
    ['XI123456789', 'GB', 'XI'],
    ['123456789', 'GB', 'GB'],
    ['7707083893', 'RU', 'RU'],
    ['123456789', null, null],
    ['123456789', '', null],
  ])('%s (client in %s) is not an EU number (%s): VIES is not asked', (vatId, country, found) => {
    expect(vatTarget(vatId, country)).toEqual({ kind: 'notEu', country: found });
  });

  it.each<[string, string | null]>([
    ['PL', 'PL'],
    ['PL1', 'PL'],
    ['', 'PL'],
    ['1', 'DE'],
    ['PL12345678901234', 'PL'],
    ['PL526#0001246', 'PL'],
    ['DEĄ12345678', 'DE'],
  ])('%s (client in %s) cannot be a VAT number', (vatId, country) => {
    expect(vatTarget(vatId, country)).toEqual({ kind: 'malformed' });
  });
});

describe('vatCheckNeeded', () => {
  const subject = (over: Partial<VatCheckSubject> = {}): VatCheckSubject => ({
    vatId: 'PL5260001246',
    viesCheck: true,
    country: 'PL',
    ...over,
  });

  it('checks a new client with viesCheck on and a VAT ID', () => {
    expect(vatCheckNeeded(null, subject())).toBe(true);
  });

  it('does not check with viesCheck off or without a VAT ID', () => {
    expect(vatCheckNeeded(null, subject({ viesCheck: false }))).toBe(false);
    expect(vatCheckNeeded(null, subject({ vatId: null }))).toBe(false);
    expect(vatCheckNeeded(null, subject({ vatId: '  ' }))).toBe(false);
    expect(vatCheckNeeded(subject(), subject({ vatId: 'PL1234563218', viesCheck: false }))).toBe(false);
  });

  it('checks an edit that changes the VAT ID or the country, or turns viesCheck on', () => {
    expect(vatCheckNeeded(subject(), subject({ vatId: 'PL1234563218' }))).toBe(true);
    expect(vatCheckNeeded(subject({ vatId: null }), subject())).toBe(true);
    expect(vatCheckNeeded(subject(), subject({ country: 'DE' }))).toBe(true);
    expect(vatCheckNeeded(subject({ viesCheck: false }), subject())).toBe(true);
  });

  it('does not check an edit that leaves the VAT ID, the country and viesCheck as they were', () => {
    expect(vatCheckNeeded(subject(), subject())).toBe(false);
    expect(vatCheckNeeded(subject({ viesCheck: false }), subject({ viesCheck: false }))).toBe(false);
  });
});

describe('vatVerdict', () => {
  it.each<[Parameters<typeof vatVerdict>[0], boolean, ReturnType<typeof vatVerdict>]>([
    ['valid', false, { refuse: null, warnings: [] }],
    ['valid', true, { refuse: null, warnings: [] }],
    ['invalid', false, { refuse: 'invalid' }],
    ['invalid', true, { refuse: 'invalid' }],
    ['unavailable', false, { refuse: null, warnings: ['vatCheckUnavailable'] }],
    ['unavailable', true, { refuse: 'unavailable' }],
    ['notEu', false, { refuse: null, warnings: ['vatCheckNotEu'] }],
    ['notEu', true, { refuse: null, warnings: ['vatCheckNotEu'] }],
  ])('%s (strict: %s)', (outcome, strict, expected) => {
    expect(vatVerdict(outcome, strict)).toEqual(expected);
  });
});
