import { CATALOGUE, HIDDEN_SECRET } from '@depot/contracts';
import {
  logAuthorName,
  logChangeRows,
  logDetailRows,
  logValue,
  type LogChangeRow,
  type LogFieldName,
} from './log-details';
import { logFieldWord, logValueWord } from './log-words';

/** The catalogue's ids (either language's). */
const IDS = CATALOGUE.en;

const en = CATALOGUE.en as Record<string, string>;
/** A field's name as the English panel shows it: the words of its path, raw keys where there is no word. */
const english = (name: LogFieldName[]) => name.map((n) => (n.word ? en[n.word] : n.key)).join(' › ');
const row = (rows: LogChangeRow[], path: string) => rows.find((r) => r.path === path);

describe('logFieldWord', () => {
  it.each([
    ['user', 'firstName', 'field.firstName'],
    ['user', 'lang', 'field.language'],
    ['user', 'clientName', 'logs.data.clientName'],
    ['client', 'companyName', 'clients.field.companyName'],
    ['client', 'defaultAddress', 'settings.section.pickupAddress'],
    ['client', 'sizeD', 'clients.parcel.sizeD'],
    ['client', 'createdAt', 'field.createdAt'],
    ['clientGroup', 'name', 'clientGroups.field.clientsGroupName'],
    ['clientGroup', 'shortName', 'clients.field.shortName'],
    ['sector', 'sectorCountry', 'sectors.field.sectorCountry'],
    ['sector', 'sectorDescription', 'sectors.field.sectorDescription'],
    ['sector', 'operators', 'sectors.field.operators'],
    ['sector', 'operatorName', 'logs.data.operatorName'],
    ['apiKey', 'keyPrefix', 'apiKeys.field.keyPrefix'],
    ['integration', 'keyHint', 'integrations.field.key'],
    ['matrix', 'conditions', 'matrices.conditions'],
    ['matrix', 'maxWeightKg', 'matrices.field.maxWeightKg'],
    ['operator', 'pickupAddress', 'operators.address.pickupAddress'],
    ['operator', 'login', 'operators.config.login'],
    ['operator', 'code', 'operators.services.code'],
    ['parcel', 'internalNumber', 'parcels.field.internalNumber'],
    ['parcel', 'firstMileNumber', 'parcelDetails.number.firstMileNumber'],
    ['parcel', 'sizeCmL', 'parcelForm.field.sizeCmL'],
    ['parcel', 'zipCode', 'parcelForm.address.zipCode'],
    ['parcels', 'ids', 'logs.data.ids'],
    ['user', 'ip', 'logs.data.ip'],
  ])('%s.%s → %s', (entity, key, id) => {
    expect(logFieldWord(IDS, entity, key)).toBe(id);
  });

  it('an entity reads its own words before the shared ones', () => {
    // `operatorName` is the operator's "Name" on its form, but "Operator" in a matrix condition.
    expect(logFieldWord(IDS, 'operator', 'operatorName')).toBe('operators.field.operatorName');
    expect(logFieldWord(IDS, 'matrix', 'operatorName')).toBe('logs.data.operatorName');
  });

  it('a key without a word, or an entity the app does not write, has none (never an inherited property)', () => {
    expect(logFieldWord(IDS, 'client', 'somethingNew')).toBeUndefined();
    expect(logFieldWord(IDS, 'widget', 'somethingNew')).toBeUndefined();
    expect(logFieldWord(IDS, 'widget', 'email')).toBe('field.email');
    for (const [entity, key] of [
      ['__proto__', 'toString'],
      ['constructor', 'name'],
      ['user', '__proto__'],
      ['user', 'hasOwnProperty'],
    ]) {
      expect(logFieldWord(IDS, entity, key)).toBeUndefined();
    }
  });
});

describe('logValueWord', () => {
  it('names the values that name something, for the fields that hold them', () => {
    expect(logValueWord(IDS, 'user', 'role', 'magazyn')).toBe('role.magazyn');
    expect(logValueWord(IDS, 'user', 'lang', 'pl')).toBe('language.pl');
    expect(logValueWord(IDS, 'parcel', 'status', 'toCancel')).toBe('parcels.status.toCancel');
    expect(logValueWord(IDS, 'clientGroup', 'type', 'FV')).toBe('clientGroups.type.FV');
    expect(logValueWord(IDS, 'integration', 'type', 'shopify')).toBe('integrations.type.shopify');
    expect(logValueWord(IDS, 'operator', 'operatorType', 'INPOST')).toBe('operators.type.INPOST');
  });

  it('leaves other values as recorded', () => {
    expect(logValueWord(IDS, 'parcel', 'status', 'lost')).toBeUndefined();
    expect(logValueWord(IDS, 'user', 'status', 'new')).toBeUndefined();
    expect(logValueWord(IDS, 'clientGroup', 'name', 'FV')).toBeUndefined();
    expect(logValueWord(IDS, 'user', 'role', '__proto__')).toBeUndefined();
  });
});

describe('logValue', () => {
  it.each<[unknown, ReturnType<typeof logValue>]>([
    [undefined, { kind: 'none' }],
    [null, { kind: 'none' }],
    ['', { kind: 'none' }],
    [[], { kind: 'none' }],
    [{}, { kind: 'none' }],
    [HIDDEN_SECRET, { kind: 'hidden' }],
    [true, { kind: 'word', word: 'common.yes' }],
    [false, { kind: 'word', word: 'common.no' }],
    ['Kraków', { kind: 'text', text: 'Kraków' }],
    [0, { kind: 'text', text: '0' }],
    [12.5, { kind: 'text', text: '12.5' }],
    ['2026-03-10T12:00:00.000Z', { kind: 'dateTime', iso: '2026-03-10T12:00:00.000Z' }],
    ['2026-03-10', { kind: 'text', text: '2026-03-10' }],
  ])('%j', (value, expected) => {
    expect(logValue(IDS, 'client', 'note', value)).toEqual(expected);
  });

  it('a list shows its items; a record inside it shows its fields in words', () => {
    expect(logValue(IDS, 'user', 'roles', ['a', 1, true])).toEqual({
      kind: 'list',
      items: [
        { kind: 'text', text: 'a' },
        { kind: 'text', text: '1' },
        { kind: 'word', word: 'common.yes' },
      ],
    });
    expect(logValue(IDS, 'clientGroup', 'clients', [{ shortName: 'ACME', extra: null }])).toEqual({
      kind: 'list',
      items: [
        {
          kind: 'record',
          fields: [
            {
              name: { key: 'shortName', word: 'clients.field.shortName' },
              value: { kind: 'text', text: 'ACME' },
            },
            { name: { key: 'extra' }, value: { kind: 'none' } },
          ],
        },
      ],
    });
  });
});

describe('logChangeRows', () => {
  it('an update: one row per field, in words, changed fields marked', () => {
    const rows = logChangeRows(
      IDS,
      'user',
      { firstName: 'Ala', role: 'salesman', active: true, updatedAt: '2026-01-01T10:00:00.000Z' },
      { firstName: 'Ola', role: 'admin', active: true, updatedAt: '2026-01-02T10:00:00.000Z' },
    );
    expect(rows.map((r) => [english(r.name), r.changed])).toEqual([
      ['First name', true],
      ['Role', true],
      ['Active', false],
      ['Updated', true],
    ]);
    expect(row(rows, 'role')).toMatchObject({
      before: { kind: 'word', word: 'role.salesman' },
      after: { kind: 'word', word: 'role.admin' },
    });
    expect(row(rows, 'active')).toMatchObject({
      before: { kind: 'word', word: 'common.yes' },
      after: { kind: 'word', word: 'common.yes' },
    });
  });

  it('opens nested records into their fields, also when one side has none', () => {
    const rows = logChangeRows(
      IDS,
      'client',
      { defaultAddress: null, parcelSettings: { weightKg: '1.000', sizeD: 10 } },
      {
        defaultAddress: { city: 'Łódź', zipCode: '90-001' },
        parcelSettings: { sizeD: 10, weightKg: '2.500' },
      },
    );
    expect(rows.map((r) => [r.path, english(r.name), r.changed])).toEqual([
      ['defaultAddress.city', 'Standard pickup address › City', true],
      ['defaultAddress.zipCode', 'Standard pickup address › Postal code', true],
      ['parcelSettings.sizeD', 'Standard parcel › Height (cm)', false],
      ['parcelSettings.weightKg', 'Standard parcel › Weight (kg)', true],
    ]);
    expect(row(rows, 'defaultAddress.city')).toMatchObject({
      before: { kind: 'none' },
      after: { kind: 'text', text: 'Łódź' },
    });
  });

  it('keys of after in their order, then keys only before has', () => {
    const rows = logChangeRows(IDS, 'widget', { a: 1, gone: 2 }, { added: 3, a: 1 });
    expect(rows.map((r) => [r.path, r.changed])).toEqual([
      ['added', true],
      ['a', false],
      ['gone', true],
    ]);
    expect(row(rows, 'gone')?.after).toEqual({ kind: 'none' });
  });

  it('a creation has no before and a deletion no after: every field is changed', () => {
    expect(logChangeRows(IDS, 'matrix', null, { name: 'Main', isDefault: false })).toEqual([
      {
        path: 'name',
        name: [{ key: 'name', word: 'matrices.field.name' }],
        before: { kind: 'none' },
        after: { kind: 'text', text: 'Main' },
        changed: true,
      },
      {
        path: 'isDefault',
        name: [{ key: 'isDefault', word: 'matrices.field.isDefault' }],
        before: { kind: 'none' },
        after: { kind: 'word', word: 'common.no' },
        changed: true,
      },
    ]);
    expect(logChangeRows(IDS, 'matrix', { name: 'Main' }, undefined).map((r) => r.changed)).toEqual([true]);
  });

  it('compares deeply, whatever the key order; lists are one field; null and absent are the same', () => {
    const rows = logChangeRows(
      IDS,
      'matrix',
      { conditions: [{ a: 1, b: 2 }], tags: ['x'], note: null },
      { conditions: [{ b: 2, a: 1 }], tags: ['x', 'y'] },
    );
    expect(rows.map((r) => [r.path, r.changed])).toEqual([
      ['conditions', false],
      ['tags', true],
      ['note', false],
    ]);
  });

  it('parcel statuses and secrets read as words', () => {
    const rows = logChangeRows(
      IDS,
      'parcel',
      { status: 'new' },
      { status: 'toCancel', token: HIDDEN_SECRET },
    );
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [
        { kind: 'word', word: 'parcels.status.new' },
        { kind: 'word', word: 'parcels.status.toCancel' },
      ],
      [{ kind: 'none' }, { kind: 'hidden' }],
    ]);
  });

  it('nothing recorded is nothing to show; a side that is no record is one row', () => {
    expect(logChangeRows(IDS, 'user', null, undefined)).toEqual([]);
    expect(logChangeRows(IDS, 'user', {}, {})).toEqual([]);
    expect(logChangeRows(IDS, 'user', 'x', 'y')).toEqual([
      {
        path: '',
        name: [],
        before: { kind: 'text', text: 'x' },
        after: { kind: 'text', text: 'y' },
        changed: true,
      },
    ]);
  });
});

describe('logDetailRows', () => {
  it('a sign-in: its session and address, in words', () => {
    const rows = logDetailRows(IDS, 'user', { sessionId: 's-1', ip: '10.0.0.1' });
    expect(rows.map((r) => [r.path, english(r.name), r.value])).toEqual([
      ['sessionId', 'Session ID', { kind: 'text', text: 's-1' }],
      ['ip', 'IP address', { kind: 'text', text: '10.0.0.1' }],
    ]);
  });

  it('printed labels: counts, the list of ids, and yes/no facts', () => {
    const rows = logDetailRows(IDS, 'parcels', { parcels: 2, ids: ['p-1', 'p-2'], direct: true });
    expect(rows.map((r) => [english(r.name), r.value])).toEqual([
      ['Parcels', { kind: 'text', text: '2' }],
      [
        'IDs',
        {
          kind: 'list',
          items: [
            { kind: 'text', text: 'p-1' },
            { kind: 'text', text: 'p-2' },
          ],
        },
      ],
      ['Downloaded at once', { kind: 'word', word: 'common.yes' }],
    ]);
  });

  it('nested details open into their fields; details that are no record are one row; none are no rows', () => {
    expect(logDetailRows(IDS, 'client', { vatCheck: { valid: true } }).map((r) => r.path)).toEqual([
      'vatCheck.valid',
    ]);
    expect(logDetailRows(IDS, 'client', 'checked')).toEqual([
      { path: '', name: [], value: { kind: 'text', text: 'checked' } },
    ]);
    expect(logDetailRows(IDS, 'client', null)).toEqual([]);
  });
});

describe('logAuthorName', () => {
  const base = {
    createdById: 'u-1',
    authorName: 'Anna Nowak',
    authorEmail: 'anna@depot.test',
    apiKeyId: null,
  };

  it('a person by first and last name', () => {
    expect(logAuthorName(base)).toEqual({ kind: 'person', name: 'Anna Nowak' });
  });

  it('by e-mail when the name is blank', () => {
    expect(logAuthorName({ ...base, authorName: '  ' })).toEqual({ kind: 'person', name: 'anna@depot.test' });
    expect(logAuthorName({ ...base, authorName: null })).toEqual({ kind: 'person', name: 'anna@depot.test' });
  });

  it('an API key, or the app itself', () => {
    const nobody = { createdById: null, authorName: null, authorEmail: null };
    expect(logAuthorName({ ...nobody, apiKeyId: 'k-1' })).toEqual({ kind: 'apiKey' });
    expect(logAuthorName({ ...nobody, apiKeyId: null })).toEqual({ kind: 'system' });
  });
});
