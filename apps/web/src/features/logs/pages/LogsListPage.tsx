import { Button, H1 } from '@blueprintjs/core';
import {
  contract,
  logFiltersSchema,
  logListRequestSchema,
  type LogAuthor,
  type LogFacets,
  type LogFilters as Filters,
  type LogListItem,
} from '@depot/contracts';
import { compareLogsNewestFirst, logMatchesFilters } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { routeKey, useRouteQuery } from '../../../api/query';
import { canAtom, currentUserAtom } from '../../../session/session';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { useListView } from '../../../ui/list/useListView';
import { useLiveList } from '../../../ui/list/useLiveList';
import { formatDateTime } from '../../../ui/format';
import { useDebounced } from '../../../ui/useDebounced';
import { useFailureToast } from '../../../ui/useFailureToast';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { useText } from '../../../ui/useText';
import { logsApi } from '../api';
import { LogDetailsDialog } from '../components/LogDetailsDialog';
import { LogFilters, type LogFilterValues } from '../components/LogFilters';
import { useLogLabels } from '../useLogLabels';

/** The log has one order: newest first. */
const NEWEST_FIRST = { field: 'createdAt', direction: 'desc' } as const;
/** The filters' choices until the facets are read. */
const NO_FACETS: LogFacets = { types: [], entities: [] };

/** The list's request schema as a `{ filters, orderBy }` check for the URL (decision 0122): one order only. */
const LOG_LIST_REQUEST = {
  safeParse: (v: unknown) => {
    const { filters, orderBy } = (v ?? {}) as {
      filters?: unknown;
      orderBy?: { field?: string; direction?: string };
    };
    const newestFirst = orderBy?.field === NEWEST_FIRST.field && orderBy.direction === NEWEST_FIRST.direction;
    return newestFirst ? logListRequestSchema.safeParse({ filters }) : { success: false };
  },
};
/** The authors picked in this tab: the URL holds only the author's id. */
const pickedAuthors = new Map<string, LogAuthor>();

/** The filters (from the URL) as the fields show them. */
const toValues = (f: Filters): LogFilterValues => ({
  type: f.type ?? '',
  entity: f.entity ?? '',
  entityId: f.entityId ?? '',
  author: f.authorId ? (pickedAuthors.get(f.authorId) ?? { id: f.authorId, name: '', email: '' }) : null,
  from: f.from ?? '',
  to: f.to ?? '',
});

/** The filters as text that does not depend on their keys' order. */
const keyOf = (f: Filters) =>
  JSON.stringify(Object.fromEntries(Object.entries(f).sort(([a], [b]) => (a < b ? -1 : 1))));

/** The typed filter values as the API takes them (blank = no filter). */
const toFilters = (v: LogFilterValues) => ({
  ...(v.type ? { type: v.type } : {}),
  ...(v.entity ? { entity: v.entity } : {}),
  ...(v.entityId.trim() ? { entityId: v.entityId.trim() } : {}),
  ...(v.author ? { authorId: v.author.id } : {}),
  ...(v.from ? { from: v.from } : {}),
  ...(v.to ? { to: v.to } : {}),
});

/** /administration/logs: the change log, newest first, live for admins; a row opens its before/after. */
export function LogsListPage() {
  usePageTitle('logs.title');
  const notify = useNotify();
  const text = useText();
  const labels = useLogLabels();
  const can = useAtomValue(canAtom);
  const me = useAtomValue(currentUserAtom);
  // The filters in force live in the URL (decision 0122); the fields hold what is typed until it rests and is valid.
  const { view, setView } = useListView<Filters, typeof NEWEST_FIRST>(LOG_LIST_REQUEST, {
    filters: {},
    orderBy: NEWEST_FIRST,
  });
  const [values, setValues] = useState<LogFilterValues>(() => toValues(view.filters));
  const [openId, setOpenId] = useState<string | null>(null);
  const debounced = useDebounced(values, 250);

  const facetsQuery = useRouteQuery(contract.logs.facets);
  useFailureToast(facetsQuery.error);
  const facets = facetsQuery.data ?? NO_FACETS;

  // Invalid filters (a start after the end) keep the last valid ones (the URL's) and say why.
  const parsed = useMemo(() => logFiltersSchema.safeParse(toFilters(debounced)), [debounced]);
  const written = useRef(keyOf(view.filters));
  const typedKey = parsed.success ? keyOf(parsed.data) : null;
  useEffect(() => {
    if (typedKey === null || typedKey === written.current) return;
    written.current = typedKey;
    setView({ filters: JSON.parse(typedKey) as Filters, orderBy: NEWEST_FIRST });
  }, [typedKey]); // eslint-disable-line react-hooks/exhaustive-deps -- only a change of what is typed writes
  // A URL changed from outside (back, forward, a link) puts its filters in the fields.
  const urlKey = keyOf(view.filters);
  useEffect(() => {
    if (urlKey === written.current) return;
    written.current = urlKey;
    setValues(toValues(JSON.parse(urlKey) as Filters));
  }, [urlKey]);
  const stable = view.filters;

  const list = useLiveList({
    entity: 'logs',
    live: can('logs.read'),
    filters: stable,
    orderBy: NEWEST_FIRST,
    fetchPage: ({ cursor, filters: f, limit }) => logsApi.list({ cursor, limit, filters: f }),
    matches: logMatchesFilters,
    compare: compareLogsNewestFirst,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  // An entry of a type or entity the filters do not offer yet (e.g. one that arrived live) reads the facets again.
  const queryClient = useQueryClient();
  const unknownFacet =
    facetsQuery.data !== undefined &&
    list.state.rows.some((e) => !facets.types.includes(e.type) || !facets.entities.includes(e.entity));
  useEffect(() => {
    if (unknownFacet)
      void queryClient.invalidateQueries({ queryKey: routeKey(contract.logs.facets), exact: true });
  }, [unknownFacet, queryClient]);

  const close = useCallback(() => setOpenId(null), []);

  const columns: ListColumn<LogListItem>[] = [
    {
      id: 'createdAt',
      titleId: 'logs.field.createdAt',
      width: 140,
      render: (e) => formatDateTime(e.createdAt),
    },
    { id: 'type', titleId: 'logs.field.type', width: 200, render: (e) => labels.type(e.type) },
    { id: 'author', titleId: 'logs.field.author', width: 260, render: (e) => labels.author(e) },
    { id: 'entity', titleId: 'logs.field.entity', width: 130, render: (e) => labels.entity(e.entity) },
    { id: 'entityId', titleId: 'logs.field.entityId', width: 290, render: (e) => e.entityId },
    {
      id: 'open',
      titleId: 'logs.open',
      width: 130,
      render: (e) => (
        <Button small minimal icon="eye-open" onClick={() => setOpenId(e.id)} data-testid="log-open">
          <FormattedMessage id="logs.open" />
        </Button>
      ),
    },
  ];

  const dateError = parsed.success ? undefined : text(parsed.error.issues[0].message);

  return (
    <div className="depot-page depot-page-fill" data-testid="page-logs">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="logs.title" />
        </H1>
      </div>
      <DenseList
        testId="logs-list"
        list={list}
        columns={columns}
        sort={NEWEST_FIRST}
        onSort={() => undefined}
        onOpen={(e) => setOpenId(e.id)}
        filters={
          <LogFilters
            values={values}
            facets={facets}
            onChange={(v) => {
              if (v.author) pickedAuthors.set(v.author.id, v.author);
              setValues(v);
            }}
            dateError={dateError}
          />
        }
      />
      <LogDetailsDialog entryId={openId} onClose={close} />
    </div>
  );
}
