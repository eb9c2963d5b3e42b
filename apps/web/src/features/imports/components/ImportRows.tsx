import { Button, Icon, Intent, SegmentedControl } from '@blueprintjs/core';
import { SCREENS, type ImportRowView, type ImportView } from '@depot/contracts';
import { useMemo } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { DenseList, type ListColumn } from '../../../ui/list/DenseList';
import { shownColumns } from '../../../ui/list/listHelpers';
import { Tag } from '../../../ui/Tag';
import { useText } from '../../../ui/useText';
import type { useImportRows } from '../hooks/useImportRows';
import { ROW_ORDER } from '../hooks/useImportRows';
import { useErrorText } from '../hooks/useErrorText';
import { placeErrors } from '../rowErrors';
import { ROW_STATE_INTENTS, ROW_STATE_WORDS } from '../words';

const NO_SORT = () => undefined;

/** The tabs over the rows: all, valid, with errors, created (each with its count). */
const TABS = ['', 'valid', 'invalid', 'created'] as const;
type Tab = (typeof TABS)[number];

function tabLabel(intl: IntlShape, tab: Tab, i: ImportView): string {
  switch (tab) {
    case '':
      return intl.formatMessage({ id: 'imports.filter.all' }, { count: i.totalRows });
    case 'valid':
      return intl.formatMessage({ id: 'imports.filter.valid' }, { count: i.validRows });
    case 'invalid':
      return intl.formatMessage({ id: 'imports.filter.invalid' }, { count: i.invalidRows });
    case 'created':
      return intl.formatMessage({ id: 'imports.filter.created' }, { count: i.createdRows });
  }
}

/** A file cell: its value, marked when an error names its column (the messages on hover; the errors column says them). */
function FileCell(props: { value: string; messages: string[] | undefined }) {
  if (!props.messages) return <>{props.value}</>;
  return (
    <span
      className="depot-import-cell-error"
      title={props.messages.join('\n')}
      data-testid="import-cell-error"
    >
      <Icon icon="error" intent={Intent.DANGER} size={12} /> {props.value}
    </span>
  );
}

/**
 * An import's rows (decision 0150): the row number, its state, the cells under the file's own headers (a cell an error
 * names is marked), the errors in the reader's language, the parcel a created row became, and "Fix" while the import
 * waits for approval. Enter or a double click on a row fixes it too.
 */
export function ImportRows(props: {
  imp: ImportView;
  rows: ReturnType<typeof useImportRows>;
  /** Whether rows may be fixed now (the import is ready, the user may import). */
  fixable: boolean;
  onFix: (row: ImportRowView) => void;
}) {
  const { imp, rows, fixable, onFix } = props;
  const intl = useIntl();
  const text = useText();
  const errorText = useErrorText();

  const columns = useMemo<ListColumn<ImportRowView>[]>(() => {
    const canFix = (r: ImportRowView) => fixable && (r.state === 'invalid' || r.state === 'valid');
    const fixLabel = (r: ImportRowView) => intl.formatMessage({ id: 'imports.row.fixRow' }, { row: r.row });
    const fix: ListColumn<ImportRowView> = {
      id: 'actions',
      titleId: 'imports.row.actions',
      width: 100,
      interactive: true,
      render: (r) =>
        canFix(r) ? (
          <Button
            small
            minimal
            icon="edit"
            aria-label={fixLabel(r)}
            title={fixLabel(r)}
            onClick={() => onFix(r)}
            data-testid="import-row-fix"
          >
            <FormattedMessage id="imports.row.fix" />
          </Button>
        ) : null,
    };
    const parcel: ListColumn<ImportRowView> = {
      id: 'parcel',
      titleId: 'imports.row.parcel',
      width: 170,
      render: (r) =>
        r.parcelId ? (
          <Link
            to={SCREENS.parcelDetails.path.replace(':parcelId', r.parcelId)}
            data-testid="import-row-parcel"
          >
            {r.externalTrackingNumber ?? r.parcelId}
          </Link>
        ) : null,
    };
    // What a row needs first stands first: its state, then "Fix" while it may be fixed or its parcel once made, and
    // why it was refused; the file's own columns follow.
    return shownColumns<ListColumn<ImportRowView>>([
      { id: 'row', titleId: 'imports.row.number', width: 70, render: (r) => intl.formatNumber(r.row) },
      {
        id: 'state',
        titleId: 'imports.row.state',
        width: 120,
        render: (r) => (
          <Tag minimal intent={ROW_STATE_INTENTS[r.state]} data-testid="import-row-state">
            <FormattedMessage id={ROW_STATE_WORDS[r.state]} />
          </Tag>
        ),
      },
      fixable && fix,
      imp.createdRows > 0 && parcel,
      {
        id: 'errors',
        titleId: 'imports.row.errors',
        width: 320,
        render: (r) => {
          const said = r.errors.map((e) => errorText(e, imp.headers)).join('; ');
          return <span title={said}>{said}</span>;
        },
      },
      ...imp.headers.map((header, index): ListColumn<ImportRowView> => ({
        id: `col${index}`,
        titleId: 'imports.row.fileColumn',
        title: header,
        width: 140,
        render: (r) => (
          <FileCell
            value={r.rawData[index] ?? ''}
            messages={placeErrors(imp.headers, r.errors).byColumn.get(index)?.map(text)}
          />
        ),
      })),
    ]);
  }, [imp.headers, imp.createdRows, intl, text, errorText, fixable, onFix]);

  return (
    <DenseList
      testId="import-rows"
      listId="import-rows"
      list={rows.list}
      columns={columns}
      sort={ROW_ORDER}
      onSort={NO_SORT}
      onOpen={(r) => {
        if (fixable && (r.state === 'invalid' || r.state === 'valid')) onFix(r);
      }}
      filters={
        <SegmentedControl
          aria-label={intl.formatMessage({ id: 'imports.filter.label' })}
          value={rows.state || 'all'}
          onValueChange={(v) => rows.setState(v === 'all' ? '' : (v as Exclude<Tab, ''>))}
          options={TABS.map((t) => ({
            value: t || 'all',
            label: tabLabel(intl, t, imp),
            ...({ 'data-testid': `import-rows-filter-${t || 'all'}` } as object),
          }))}
          data-testid="import-rows-filter"
        />
      }
    />
  );
}
