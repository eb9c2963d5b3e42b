import { wallSinceRequestOf } from './routing';

describe('wallSinceRequestOf (a wall screen asking for the scans it missed)', () => {
  it('takes a terminal alone (first load) or with the last seq seen (catch-up)', () => {
    expect(wallSinceRequestOf({ terminal: 'Zielona Góra' })).toEqual({
      terminal: 'Zielona Góra',
      afterSeq: undefined,
    });
    expect(wallSinceRequestOf({ terminal: 'Gate', afterSeq: 0 })).toEqual({ terminal: 'Gate', afterSeq: 0 });
    expect(wallSinceRequestOf({ terminal: 'Gate', afterSeq: 41 })).toEqual({
      terminal: 'Gate',
      afterSeq: 41,
    });
    expect(wallSinceRequestOf({ terminal: 'Gate', afterSeq: null })).toEqual({
      terminal: 'Gate',
      afterSeq: undefined,
    });
  });

  it.each([
    undefined,
    null,
    'Gate',
    42,
    [],
    {},
    { terminal: '' },
    { terminal: ' Gate' },
    { terminal: 'x'.repeat(101) },
    { terminal: 7 },
    { terminal: 'Gate', afterSeq: -1 },
    { terminal: 'Gate', afterSeq: 1.5 },
    { terminal: 'Gate', afterSeq: '3' },
    { terminal: 'Gate', afterSeq: Number.MAX_SAFE_INTEGER + 2 },
    { terminal: 'Gate', afterSeq: Number.NaN },
  ])('refuses %j', (req) => {
    expect(wallSinceRequestOf(req)).toBeNull();
  });
});
