import {
  checkAddClient,
  eligibleClientsForGroup,
  findOtherExclusiveGroup,
  isGroupNameTaken,
  planGroupClients,
  type GroupMembership,
} from './client-groups';

const CLIENTS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((id) => ({ id, companyName: `Company ${id}` }));

/** fv1: c1, c2 · fv2: c3 · area1: c4 · c5 and c6 in no group. */
const MEMBERSHIPS: GroupMembership[] = [
  { groupId: 'fv1', groupType: 'FV', clientId: 'c1' },
  { groupId: 'fv1', groupType: 'FV', clientId: 'c2' },
  { groupId: 'fv2', groupType: 'FV', clientId: 'c3' },
  { groupId: 'area1', groupType: 'AREA', clientId: 'c4' },
];

const eligible = (groupType: 'FV' | 'AREA', groupId: string | null, memberships = MEMBERSHIPS) =>
  eligibleClientsForGroup({ groupType, groupId, allClients: CLIENTS, memberships }).map((c) => c.id);

describe('eligibleClientsForGroup', () => {
  it.each<['FV' | 'AREA', string | null, string[]]>([
    ['FV', null, ['c5', 'c6']],
    ['AREA', null, ['c5', 'c6']],
    ['FV', 'fv1', ['c1', 'c2', 'c5', 'c6']],
    ['FV', 'fv2', ['c3', 'c5', 'c6']],
    ['AREA', 'area1', ['c4', 'c5', 'c6']],
    ['AREA', 'area-new-id', ['c5', 'c6']],
  ])('%s group %p offers %j', (type, groupId, expected) => {
    expect(eligible(type, groupId)).toEqual(expected);
  });

  it('offers everybody when there are no memberships, in the given order', () => {
    expect(eligible('FV', null, [])).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
  });

  it('an AREA membership blocks FV groups and an FV membership blocks AREA groups', () => {
    const m: GroupMembership[] = [
      { groupId: 'a', groupType: 'AREA', clientId: 'c1' },
      { groupId: 'f', groupType: 'FV', clientId: 'c2' },
    ];
    expect(eligible('FV', 'f', m)).not.toContain('c1');
    expect(eligible('AREA', 'a', m)).not.toContain('c2');
  });

  it('returns the caller’s client objects untouched', () => {
    const result = eligibleClientsForGroup({
      groupType: 'FV',
      groupId: null,
      allClients: CLIENTS,
      memberships: [],
    });
    expect(result[0]).toBe(CLIENTS[0]);
    expect(result).not.toBe(CLIENTS);
  });
});

describe('checkAddClient', () => {
  it.each<[string, { id: string | null; type: 'FV' | 'AREA' }, string, string]>([
    ['free client to a new FV group', { id: null, type: 'FV' }, 'c5', 'ok'],
    ['free client to an existing AREA group', { id: 'area1', type: 'AREA' }, 'c6', 'ok'],
    ['member added again (info)', { id: 'fv1', type: 'FV' }, 'c1', 'alreadyInGroup'],
    ['AREA member added again (info)', { id: 'area1', type: 'AREA' }, 'c4', 'alreadyInGroup'],
    ['member of another FV group', { id: 'fv1', type: 'FV' }, 'c3', 'inOtherExclusiveGroup'],
    ['AREA member into an FV group', { id: 'fv1', type: 'FV' }, 'c4', 'inOtherExclusiveGroup'],
    ['FV member into an AREA group', { id: 'area1', type: 'AREA' }, 'c1', 'inOtherExclusiveGroup'],
    ['FV member into a new AREA group', { id: null, type: 'AREA' }, 'c2', 'inOtherExclusiveGroup'],
    ['unknown client id is free', { id: 'fv1', type: 'FV' }, 'zz', 'ok'],
  ])('%s → %s', (_label, group, clientId, expected) => {
    expect(checkAddClient(group, clientId, MEMBERSHIPS)).toBe(expected);
  });

  it('agrees with eligibleClientsForGroup for every client and group', () => {
    for (const group of [
      { id: 'fv1', type: 'FV' as const },
      { id: 'fv2', type: 'FV' as const },
      { id: 'area1', type: 'AREA' as const },
      { id: null, type: 'AREA' as const },
    ]) {
      const offered = eligible(group.type, group.id);
      for (const { id } of CLIENTS) {
        const outcome = checkAddClient(group, id, MEMBERSHIPS);
        expect(outcome !== 'inOtherExclusiveGroup').toBe(offered.includes(id));
      }
    }
  });
});

describe('findOtherExclusiveGroup', () => {
  it('names the group holding the client, ignoring the excepted one', () => {
    expect(findOtherExclusiveGroup('c4', MEMBERSHIPS, 'fv1')?.groupId).toBe('area1');
    expect(findOtherExclusiveGroup('c4', MEMBERSHIPS, 'area1')).toBeNull();
    expect(findOtherExclusiveGroup('c5', MEMBERSHIPS, null)).toBeNull();
  });
});

describe('planGroupClients', () => {
  it('sorts a submission into added, duplicates (info) and refused with the holding group', () => {
    const plan = planGroupClients(
      { id: 'fv1', type: 'FV' },
      ['c5', 'c1', 'c4', 'c6', 'c5', 'c3', 'c4'],
      MEMBERSHIPS,
    );
    expect(plan).toEqual({
      added: ['c5', 'c6'],
      duplicates: ['c1', 'c5'],
      refused: [
        { clientId: 'c4', groupId: 'area1' },
        { clientId: 'c3', groupId: 'fv2' },
      ],
    });
  });

  it('reports a client repeated in a new group once', () => {
    expect(planGroupClients({ id: null, type: 'AREA' }, ['c6', 'c6', 'c6'], MEMBERSHIPS)).toEqual({
      added: ['c6'],
      duplicates: ['c6'],
      refused: [],
    });
  });

  it('handles an empty submission', () => {
    expect(planGroupClients({ id: null, type: 'FV' }, [], MEMBERSHIPS)).toEqual({
      added: [],
      duplicates: [],
      refused: [],
    });
  });
});

describe('isGroupNameTaken', () => {
  const groups = [
    { id: 'g1', name: 'Warsaw North' },
    { id: 'g2', name: ' Łódź ' },
  ];

  it.each<[string, string | null, boolean]>([
    ['Warsaw North', null, true],
    ['warsaw north', null, true],
    ['  WARSAW NORTH  ', 'g2', true],
    ['Warsaw North', 'g1', false], // its own name
    ['Warsaw  North', null, false], // inner spaces are significant
    ['Warsaw', null, false],
    ['łódź', null, true],
    ['ŁÓDŹ', 'g1', true],
    ['Lodz', null, false], // diacritics are significant in names
    ['Ło\u0301dz\u0301', null, true], // decomposed accents equal the composed name
    ['', null, false],
    ['   ', null, false],
  ])('%p (group %p) → %p', (name, groupId, expected) => {
    expect(isGroupNameTaken(name, groupId, groups)).toBe(expected);
  });

  it('is never taken when there are no groups', () => {
    expect(isGroupNameTaken('Anything', null, [])).toBe(false);
  });
});
