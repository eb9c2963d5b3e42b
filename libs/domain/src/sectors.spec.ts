import {
  cleanSectorDescription,
  isSectorTaken,
  sectorMappingClash,
  sectorOf,
  type SectorRef,
} from './sectors';

const DPD = 'op-dpd';
const UPS = 'op-ups';
const GLS = 'op-gls';

const BERLIN: SectorRef = {
  id: 's-1',
  sectorCountry: 'DE',
  sectorDescription: 'Berlin',
  operatorIds: [DPD, UPS],
};
const HAMBURG: SectorRef = {
  id: 's-2',
  sectorCountry: 'DE',
  sectorDescription: 'Hamburg',
  operatorIds: [GLS],
};
const PRAGUE: SectorRef = { id: 's-3', sectorCountry: 'CZ', sectorDescription: 'Praha', operatorIds: [DPD] };
const EMPTY: SectorRef = { id: 's-4', sectorCountry: 'FR', sectorDescription: 'Paris', operatorIds: [] };
const SECTORS = [BERLIN, HAMBURG, PRAGUE, EMPTY];

describe('sectorOf: the sector of a parcel by carrier and destination country', () => {
  it.each<[string, string | null | undefined, string | null | undefined, SectorRef | null]>([
    ['the carrier mapped in the destination country', DPD, 'DE', BERLIN],
    ['another carrier of the same sector', UPS, 'DE', BERLIN],
    ['another sector of the same country', GLS, 'DE', HAMBURG],
    ['the same carrier in another country', DPD, 'CZ', PRAGUE],
    ['a carrier with no sector in that country', UPS, 'CZ', null],
    ['a carrier mapped nowhere', 'op-none', 'DE', null],
    ['a country with no sectors', DPD, 'PL', null],
    ['a sector with no carriers', DPD, 'FR', null],
    ['no carrier yet (null)', null, 'DE', null],
    ['no carrier (undefined)', undefined, 'DE', null],
    ['no carrier (empty id)', '', 'DE', null],
    ['no destination country', DPD, null, null],
    ['an empty destination country', DPD, '', null],
    ['an unsupported country', DPD, 'US', null],
    ['a lower-case code', DPD, 'de', BERLIN],
    ['a Polish country name', DPD, 'Niemcy', BERLIN],
    ['an English country name with spaces', DPD, ' Czechia ', PRAGUE],
  ])('%s', (_label, operatorId, country, expected) => {
    expect(sectorOf(operatorId, country, SECTORS)).toBe(expected);
  });

  it('answers null when there are no sectors at all', () => {
    expect(sectorOf(DPD, 'DE', [])).toBeNull();
  });

  it('does not depend on the order of the sectors', () => {
    expect(sectorOf(GLS, 'DE', [...SECTORS].reverse())).toBe(HAMBURG);
  });

  it('takes the lowest id should the data ever hold two matches (the database forbids it)', () => {
    const twin = { ...HAMBURG, id: 's-0', operatorIds: [DPD] };
    expect(sectorOf(DPD, 'DE', [BERLIN, twin])).toBe(twin);
    expect(sectorOf(DPD, 'DE', [twin, BERLIN])).toBe(twin);
  });

  it('compares carrier ids exactly', () => {
    expect(sectorOf('OP-DPD', 'DE', SECTORS)).toBeNull();
    expect(sectorOf('op-dp', 'DE', SECTORS)).toBeNull();
  });

  it('keeps the caller’s own sector type (extra fields come back)', () => {
    const rich = [{ ...BERLIN, colour: 'red' }];
    expect(sectorOf(DPD, 'DE', rich)?.colour).toBe('red');
  });
});

describe('sectorMappingClash: one sector per carrier and country', () => {
  it('finds the other sector of the country that holds the carrier', () => {
    expect(sectorMappingClash(HAMBURG.id, 'DE', DPD, SECTORS)).toEqual({ operatorId: DPD, sector: BERLIN });
  });

  it('a new sector (no id yet) clashes the same way', () => {
    expect(sectorMappingClash(null, 'DE', GLS, SECTORS)).toEqual({ operatorId: GLS, sector: HAMBURG });
  });

  it('mapping a carrier again to its own sector is no clash', () => {
    expect(sectorMappingClash(BERLIN.id, 'DE', DPD, SECTORS)).toBeNull();
  });

  it('the same carrier in a sector of another country is no clash', () => {
    expect(sectorMappingClash(EMPTY.id, 'FR', DPD, SECTORS)).toBeNull();
  });

  it('a carrier mapped nowhere is no clash', () => {
    expect(sectorMappingClash(BERLIN.id, 'DE', 'op-new', SECTORS)).toBeNull();
  });

  it('a sector moving to another country clashes with that country’s sectors', () => {
    // Praha (DPD) moved to DE would put DPD in two German sectors.
    expect(sectorMappingClash(PRAGUE.id, 'DE', DPD, SECTORS)).toEqual({ operatorId: DPD, sector: BERLIN });
  });
});

describe('isSectorTaken: unique by country and description', () => {
  it.each<[string, string, string, string | null, boolean]>([
    ['the same country and description', 'DE', 'Berlin', null, true],
    ['another case', 'DE', 'BERLIN', null, true],
    ['spaces around', 'DE', '  berlin ', null, true],
    ['another country', 'CZ', 'Berlin', null, false],
    ['another description', 'DE', 'Berlin Süd', null, false],
    ['the sector itself (an edit)', 'DE', 'berlin', BERLIN.id, false],
    ['another sector while editing', 'DE', 'Hamburg', BERLIN.id, true],
  ])('%s → %s', (_label, country, description, exceptId, expected) => {
    expect(isSectorTaken(country, description, exceptId, SECTORS)).toBe(expected);
  });

  it('compares descriptions in Unicode NFC', () => {
    const composed = [{ id: 'x', sectorCountry: 'DE', sectorDescription: 'Köln' }];
    expect(isSectorTaken('DE', 'Ko\u0308ln', null, composed)).toBe(true);
    expect(cleanSectorDescription(' Ko\u0308ln ')).toBe('Köln');
  });
});
