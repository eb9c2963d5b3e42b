import {
  defaultParcelDateRange,
  parcelListRequestSchema,
  userListRequestSchema,
  type ParcelListFiltersInput,
  type UserListRequest,
} from '@depot/contracts';
import { listViewFromQuery, listViewToQuery, type ListView } from './list-url';

type UserFilters = NonNullable<UserListRequest['filters']>;
type UserView = ListView<
  UserFilters,
  { field: 'lastName' | 'createdAt' | 'email'; direction: 'asc' | 'desc' }
>;
const userDefaults: UserView = { filters: {}, orderBy: { field: 'createdAt', direction: 'desc' } };
const CLIENT = '7d3c6f0e-9a4b-4c1e-8f2a-1b2c3d4e5f60';

const query = (s: string) => [...new URLSearchParams(s).entries()];
const readUsers = (s: string) => listViewFromQuery(query(s), userListRequestSchema, userDefaults);
const writeUsers = (v: UserView) => new URLSearchParams(listViewToQuery(v, userDefaults)).toString();

describe('list view <-> URL query', () => {
  it('writes only what differs from the defaults: nothing for the default view', () => {
    expect(listViewToQuery(userDefaults, userDefaults)).toEqual([]);
    expect(readUsers('')).toEqual(userDefaults);
  });

  it('round-trips text, yes/no, a list and the order', () => {
    const view: UserView = {
      filters: { search: 'kow al', active: false, roles: ['admin', 'salesman'], clientId: CLIENT },
      orderBy: { field: 'lastName', direction: 'asc' },
    };
    const written = writeUsers(view);
    expect(written).toBe(
      `search=kow+al&active=false&roles=admin&roles=salesman&clientId=${CLIENT}&sort=lastName&dir=asc`,
    );
    expect(readUsers(written)).toEqual(view);
  });

  it('reads a one-item list from a single parameter and text that looks like a yes/no as text', () => {
    expect(readUsers('roles=admin&search=true').filters).toEqual({ roles: ['admin'], search: 'true' });
  });

  it.each([
    ['an unknown filter', 'colour=red', {}],
    ['a role that does not exist', 'roles=emperor', {}],
    ['a client id that is no uuid', 'clientId=1%27%20OR%201=1', {}],
    ['a yes/no that is neither', 'active=maybe', {}],
    ['an over-long search', `search=${'x'.repeat(101)}`, {}],
    ['a prototype key', '__proto__=1&constructor=2', {}],
    [
      'a forged one beside good ones',
      'search=ann&roles=emperor&active=true',
      { search: 'ann', active: true },
    ],
  ])('drops %s and keeps the rest', (_name, q, filters) => {
    const view = readUsers(q);
    expect(view.filters).toEqual(filters);
    expect(Object.getPrototypeOf(view.filters)).toBe(Object.prototype);
  });

  it.each([
    ['a field the list does not sort by', 'sort=password&dir=asc'],
    ['a direction that is neither', 'sort=lastName&dir=sideways'],
  ])('falls back to the default order for %s', (_name, q) => {
    expect(readUsers(q).orderBy).toEqual(userDefaults.orderBy);
  });

  it('takes the order with ascending as the default direction', () => {
    expect(readUsers('sort=email').orderBy).toEqual({ field: 'email', direction: 'asc' });
  });

  it('stops reading after 50 parameters', () => {
    const many = Array.from({ length: 60 }, (_, i) => `x${i}=1`).join('&');
    expect(readUsers(`${many}&search=late`).filters).toEqual({});
  });
});

describe('the parcels list view (defaults that are not empty, a rule across fields)', () => {
  type ParcelView = ListView<ParcelListFiltersInput, { field: string; direction: 'asc' | 'desc' }>;
  const defaults: ParcelView = {
    filters: defaultParcelDateRange(),
    orderBy: { field: 'createdAt', direction: 'desc' },
  };
  const read = (s: string) => listViewFromQuery(query(s), parcelListRequestSchema, defaults);

  it('keeps the default range out of the URL and round-trips the rest', () => {
    const view: ParcelView = {
      filters: {
        ...defaults.filters,
        statuses: ['new', 'delivered'],
        incorrect: true,
        destinationCountry: 'DE',
      },
      orderBy: { field: 'weightKg', direction: 'asc' },
    };
    const written = new URLSearchParams(listViewToQuery(view, defaults)).toString();
    expect(written).toBe(
      'statuses=new&statuses=delivered&incorrect=true&destinationCountry=DE&sort=weightKg&dir=asc',
    );
    expect(read(written)).toEqual(view);
  });

  it('drops an end before the start (the schema refuses the pair) and keeps the start', () => {
    const { dateTo } = defaults.filters;
    const view = read('dateFrom=2020-06-01&dateTo=2020-03-01');
    expect(view.filters).toEqual({ dateFrom: '2020-06-01', dateTo });
  });

  it('drops a day that is no date and a status that is none', () => {
    expect(read('dateFrom=yesterday&statuses=lost').filters).toEqual(defaults.filters);
  });
});
