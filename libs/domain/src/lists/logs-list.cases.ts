import { caseId, type ListCaseTable } from './list-cases';
import type { LogFilters, LogMatchFields } from './logs-list';

/**
 * The logs list's parity table (predicate: logs-list.spec.ts; SQL: lists-parity.int-spec.ts): Warsaw days across
 * the spring and autumn clock changes of 2026 (29 March, 25 October). Ids are entry numbers, far above what the
 * test database's own entries reach.
 */
export type LogCaseItem = LogMatchFields & { id: string };

/** The author the entries name (the integration test creates the user). */
export const LOG_CASE_AUTHOR = caseId(0x801);
const AUTHOR = LOG_CASE_AUTHOR;

const L1 = '900001';
const L2 = '900002';
const L3 = '900003';
const L4 = '900004';
const L5 = '900005';
const ALL = [L1, L2, L3, L4, L5];
const C1 = caseId(0x811);

export const logListCases: ListCaseTable<LogCaseItem, Partial<LogFilters>> = {
  items: [
    // 23:59:59 on 28 March in Warsaw (UTC+1).
    {
      id: L1,
      type: 'client.update',
      entity: 'client',
      entityId: C1,
      createdById: AUTHOR,
      createdAt: '2026-03-28T22:59:59.000Z',
    },
    // Midnight starting 29 March (UTC+1; the clocks change at 02:00).
    {
      id: L2,
      type: 'client.create',
      entity: 'client',
      entityId: C1,
      createdById: null,
      createdAt: '2026-03-28T23:00:00.000Z',
    },
    // 23:59:59 on 29 March (UTC+2 by then).
    {
      id: L3,
      type: 'user.update',
      entity: 'user',
      entityId: 'u-1',
      createdById: AUTHOR,
      createdAt: '2026-03-29T21:59:59.000Z',
    },
    // Midnight starting 30 March (UTC+2).
    {
      id: L4,
      type: 'client.update',
      entity: 'client',
      entityId: 'c-2',
      createdById: null,
      createdAt: '2026-03-29T22:00:00.000Z',
    },
    // 23:30 on 25 October, after the clocks went back (UTC+1 again).
    {
      id: L5,
      type: 'operator.delete',
      entity: 'operator',
      entityId: null,
      createdById: AUTHOR,
      createdAt: '2026-10-25T22:30:00.000Z',
    },
  ],
  cases: [
    { name: 'no filters', filters: {}, expected: ALL },
    { name: 'type', filters: { type: 'client.update' }, expected: [L1, L4] },
    { name: 'type: trimmed', filters: { type: ' client.update ' }, expected: [L1, L4] },
    { name: 'type is exact', filters: { type: 'client' }, expected: [] },
    { name: 'entity', filters: { entity: 'client' }, expected: [L1, L2, L4] },
    { name: 'entity id', filters: { entityId: C1 }, expected: [L1, L2] },
    { name: 'entity and entity id', filters: { entity: 'user', entityId: 'u-1' }, expected: [L3] },
    { name: 'author', filters: { authorId: AUTHOR }, expected: [L1, L3, L5] },
    { name: 'from a day', filters: { from: '2026-03-29' }, expected: [L2, L3, L4, L5] },
    { name: 'to a day', filters: { to: '2026-03-29' }, expected: [L1, L2, L3] },
    {
      name: 'one day (the clocks change)',
      filters: { from: '2026-03-29', to: '2026-03-29' },
      expected: [L2, L3],
    },
    { name: 'the day before', filters: { from: '2026-03-28', to: '2026-03-28' }, expected: [L1] },
    {
      name: 'to the day before the autumn change',
      filters: { to: '2026-10-24' },
      expected: [L1, L2, L3, L4],
    },
    { name: 'the autumn day', filters: { from: '2026-10-25', to: '2026-10-25' }, expected: [L5] },
    { name: 'days and type', filters: { from: '2026-03-29', type: 'client.update' }, expected: [L4] },
    { name: 'days and author', filters: { to: '2026-03-29', authorId: AUTHOR }, expected: [L1, L3] },
  ],
};
