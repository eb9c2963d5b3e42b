import { sectorMappingClash, sectorOf } from '@depot/domain';
import { DEMO_OPERATORS } from './demo-routing';
import { DEMO_SECTORS } from './demo-sectors';

const refs = DEMO_SECTORS.map((s, i) => ({ id: `s-${i}`, ...s, operatorIds: s.operators }));

describe('the demo sectors', () => {
  it('name only demo carriers', () => {
    const names = new Set(DEMO_OPERATORS.map((o) => o.name));
    expect(DEMO_SECTORS.flatMap((s) => s.operators).filter((o) => !names.has(o))).toEqual([]);
  });

  it('map each carrier to at most one sector of a country (the API’s rule)', () => {
    for (const s of refs)
      for (const o of s.operatorIds) expect(sectorMappingClash(s.id, s.sectorCountry, o, refs)).toBeNull();
  });

  it('are unique by country and description', () => {
    const keys = DEMO_SECTORS.map((s) => `${s.sectorCountry}|${s.sectorDescription.toLowerCase()}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('give a DPD parcel to Germany its sector, and none to Portugal', () => {
    expect(sectorOf('DPD Polska', 'DE', refs)?.sectorDescription).toBe('B1 Niemcy');
    expect(sectorOf('DPD Polska', 'PT', refs)).toBeNull();
  });
});
