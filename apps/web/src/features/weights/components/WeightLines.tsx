import { SegmentedControl } from '@blueprintjs/core';
import {
  SCREENS,
  WEIGHT_LINE_OUTCOMES,
  type WeightImportLineView,
  type WeightImportView,
  type WeightLineOutcome,
} from '@depot/contracts';
import { weightLinesListSpec, type ListOrder, type WeightLineSortField } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { currentUserAtom } from '../../../session/session';
import { Decimal } from '../../../ui/format';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { useLiveList } from '../../../ui/list/useLiveList';
import { Tag } from '../../../ui/Tag';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { weightsApi } from '../api';
import { OUTCOME_INTENTS, OUTCOME_WORDS } from '../words';

const ORDER: ListOrder<WeightLineSortField> = { field: 'row', direction: 'asc' };
const NO_SORT = () => undefined;

const COUNTS: Record<WeightLineOutcome, keyof WeightImportView> = {
  matched: 'matchedRows',
  overDeclared: 'overDeclaredRows',
  unmatched: 'unmatchedRows',
  invalid: 'invalidRows',
};

/**
 * A real-weight file's lines in file order (decision 0151), by outcome (tabs with their counts): the row, the number as
 * given, the outcome, the parcel it matched (a link), the declared, real and dimensional weights, the difference and
 * why a line was refused, in the reader's language.
 */
export function WeightLines(props: { imp: WeightImportView }) {
  const { imp } = props;
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const me = useAtomValue(currentUserAtom);
  const [outcome, setOutcome] = useState<WeightLineOutcome | ''>('');
  const filters = useMemo(() => (outcome ? { outcome } : {}), [outcome]);
  const list = useLiveList({
    entity: 'weightImportLines',
    live: false,
    filters,
    orderBy: ORDER,
    fetchPage: ({ cursor, filters: f, limit }) => weightsApi.lines(imp.id, { cursor, limit, filters: f }),
    ...weightLinesListSpec,
    currentUserId: me?.id ?? null,
    onError: notify.failure,
  });

  const columns = useMemo<ListColumn<WeightImportLineView>[]>(
    () => [
      { id: 'row', titleId: 'weights.column.row', width: 70, render: (l) => intl.formatNumber(l.row) },
      { id: 'number', titleId: 'weights.column.number', width: 200, render: (l) => l.number ?? '' },
      {
        id: 'outcome',
        titleId: 'weights.column.outcome',
        width: 190,
        render: (l) => (
          <Tag minimal intent={OUTCOME_INTENTS[l.outcome]} data-testid="weights-line-outcome">
            <FormattedMessage id={OUTCOME_WORDS[l.outcome]} />
          </Tag>
        ),
      },
      {
        id: 'parcel',
        titleId: 'weights.column.parcel',
        width: 170,
        render: (l) =>
          l.parcelId ? (
            <Link
              to={SCREENS.parcelDetails.path.replace(':parcelId', l.parcelId)}
              data-testid="weights-line-parcel"
            >
              {l.parcelNumber ?? l.parcelId}
            </Link>
          ) : null,
      },
      {
        id: 'declared',
        titleId: 'weights.column.declared',
        width: 120,
        render: (l) => <Decimal value={l.declaredWeightKg} />,
      },
      {
        id: 'real',
        titleId: 'weights.column.real',
        width: 120,
        render: (l) => <Decimal value={l.realWeightKg} />,
      },
      {
        id: 'dimensional',
        titleId: 'weights.column.dimensional',
        width: 120,
        render: (l) => <Decimal value={l.dimensionalWeightKg} />,
      },
      {
        id: 'difference',
        titleId: 'weights.column.difference',
        width: 110,
        render: (l) => <Decimal value={l.differenceKg} />,
      },
      {
        id: 'reason',
        titleId: 'weights.column.reason',
        width: 360,
        render: (l) => {
          const said = l.errorMessage ? text(l.errorMessage) : '';
          return <span title={said}>{said}</span>;
        },
      },
    ],
    [intl, text],
  );

  const tabs = ['', ...WEIGHT_LINE_OUTCOMES] as const;
  return (
    <DenseList
      testId="weights-lines"
      listId="weights-lines"
      list={list}
      columns={columns}
      sort={ORDER}
      onSort={NO_SORT}
      filters={
        <SegmentedControl
          aria-label={intl.formatMessage({ id: 'weights.column.outcome' })}
          value={outcome || 'all'}
          onValueChange={(v) => setOutcome(v === 'all' ? '' : (v as WeightLineOutcome))}
          options={tabs.map((t) => ({
            value: t || 'all',
            label: `${intl.formatMessage({ id: t ? OUTCOME_WORDS[t] : 'weights.outcome.all' })} (${intl.formatNumber(
              t ? (imp[COUNTS[t]] as number) : imp.totalRows,
            )})`,
            ...({ 'data-testid': `weights-filter-${t || 'all'}` } as object),
          }))}
          data-testid="weights-filter"
        />
      }
    />
  );
}
