import '@blueprintjs/table/lib/css/table.css';
import {
  Alert,
  Button,
  Checkbox,
  Classes,
  Icon,
  Intent,
  NonIdealState,
  Spinner,
  SpinnerSize,
} from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, Table2, type FocusedCellCoordinates } from '@blueprintjs/table';
import { headerState, isSelected, selectedCount, selectedCountIsLowerBound } from '@depot/domain';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ColumnChooser } from './ColumnChooser';
import { isAllLoaded, isEmpty } from './listReducer';
import { useColumnChoice } from './useColumnChoice';
import type { LiveList } from './useLiveList';

export interface ListColumn<T> {
  id: string;
  /** i18n id of the header. */
  titleId: string;
  /** A header that is data itself (an imported file's own column header), shown as it is instead of `titleId`. */
  title?: string;
  width: number;
  /** Sort field sent to the API when the header is clicked. */
  sortField?: string;
  render: (row: T) => ReactNode;
  /** Hidden until the person shows it in the column chooser (decision 0122). */
  hiddenByDefault?: boolean;
  /** Never hidden (the first column of a list whose rows link to their page is so anyway). */
  alwaysShown?: boolean;
  /** Its content takes clicks (a button): a click there does not move the table's focused cell. */
  interactive?: boolean;
}

export interface SortState {
  field: string;
  direction: 'asc' | 'desc';
}

interface DenseListProps<T extends { id: string }> {
  list: LiveList<T>;
  columns: ListColumn<T>[];
  sort: SortState;
  onSort: (sort: SortState) => void;
  /**
   * The row's page: the first column's content is a link to it (middle click and Ctrl+click open a new tab, a plain
   * click navigates in the panel), and double click or Enter opens it unless `onOpen` says otherwise.
   */
  rowHref?: (row: T) => string;
  /** Opens a row (double click or Enter). */
  onOpen?: (row: T) => void;
  /** The name the person's column choice is kept under (default: the test id). */
  listId?: string;
  /** Column filters, shown above the table. */
  filters?: ReactNode;
  /** Buttons acting on the selection (they read the list's massSelection). */
  selectionActions?: ReactNode;
  testId?: string;
}

const CHECK_WIDTH = 36;

/**
 * The dense live list every screen reuses: Blueprint Table2 with sortable headers, column filters, keyset
 * paging ("get more items", "load all results"), select-all with exceptions, keyboard selection (arrows move,
 * Space selects, Enter opens), rows that others changed marked briefly, rows whose first cell links to their page,
 * and a column chooser kept per user (decision 0122).
 */
export function DenseList<T extends { id: string }>(props: DenseListProps<T>) {
  const { list, sort } = props;
  const intl = useIntl();
  const navigate = useNavigate();
  const { rowHref } = props;
  const linked = !!rowHref;
  const choosable = useMemo(
    () => (linked ? props.columns.map((c, i) => (i === 0 ? { ...c, alwaysShown: true } : c)) : props.columns),
    [linked, props.columns],
  );
  const choice = useColumnChoice(props.listId ?? props.testId, choosable);
  const columns = choice.shown;
  const primaryId = rowHref ? props.columns[0]?.id : undefined;
  const open = props.onOpen ?? (rowHref ? (row: T) => void navigate(rowHref(row)) : undefined);
  const { state } = list;
  const [focusedRow, setFocusedRow] = useState<number | null>(null);
  const [confirmLoadAll, setConfirmLoadAll] = useState(false);
  const lastClicked = useRef<number | null>(null);
  const header = headerState(state.selection, state.total);

  const toggleAt = useCallback(
    (rowIndex: number, shift: boolean) => {
      const row = state.rows[rowIndex];
      if (!row) return;
      if (shift && lastClicked.current !== null) {
        const [a, b] = [Math.min(lastClicked.current, rowIndex), Math.max(lastClicked.current, rowIndex)];
        const ids = state.rows.slice(a, b + 1).map((r) => r.id);
        list.dispatch({ type: 'setRows', ids, selected: !isSelected(state.selection, row.id) });
      } else {
        list.dispatch({ type: 'toggle', id: row.id });
      }
      lastClicked.current = rowIndex;
    },
    [list, state.rows, state.selection],
  );

  const onKeyDown = (e: KeyboardEvent) => {
    if (focusedRow === null) return;
    if (e.key === ' ') {
      e.preventDefault();
      toggleAt(focusedRow, e.shiftKey);
    } else if (e.key === 'Enter' && open && state.rows[focusedRow]) {
      e.preventDefault();
      open(state.rows[focusedRow]);
    }
  };

  const cellClass = (rowIndex: number) => {
    const row = state.rows[rowIndex];
    const classes = ['depot-cell'];
    if (row && state.flashed[row.id]) classes.push('depot-row-flash');
    if (row && isSelected(state.selection, row.id)) classes.push('depot-row-selected');
    return classes.join(' ');
  };

  const headerName = (c: ListColumn<T>) => {
    if (!c.sortField) return c.title !== undefined ? <>{c.title}</> : <FormattedMessage id={c.titleId} />;
    const active = sort.field === c.sortField;
    const next: SortState = {
      field: c.sortField,
      direction: active && sort.direction === 'asc' ? 'desc' : 'asc',
    };
    return (
      <button
        type="button"
        className="depot-sort-button"
        data-testid={`sort-${c.id}`}
        data-sort={active ? sort.direction : 'none'}
        onClick={() => props.onSort(next)}
      >
        {c.title ?? <FormattedMessage id={c.titleId} />}
        {active ? (
          <>
            <Icon icon={sort.direction === 'asc' ? 'caret-up' : 'caret-down'} size={12} />
            {/* The header is no table column header to screen readers (Blueprint's table is divs), so aria-sort
                has no place: the button says how the list is sorted. */}
            <span className="depot-visually-hidden">
              {intl.formatMessage({
                id: sort.direction === 'asc' ? 'list.sortedAscending' : 'list.sortedDescending',
              })}
            </span>
          </>
        ) : null}
      </button>
    );
  };

  const allLoaded = isAllLoaded(state);
  const empty = isEmpty(state);
  const count = selectedCount(state.selection, state.total);
  // A list that caps its count (parcels, decision 0084) shows "more than" the numbers it could not count.
  const countCapped = selectedCountIsLowerBound(state.selection, state.totalCapped);

  return (
    <div className="depot-list" data-testid={props.testId}>
      {props.filters ? <div className="depot-list-filters">{props.filters}</div> : null}
      <div className="depot-list-table" onKeyDown={onKeyDown} role="presentation">
        {state.status === 'loading' ? (
          <Spinner size={SpinnerSize.STANDARD} className="depot-list-spinner" />
        ) : empty ? (
          // NonIdealState passes no data-* attributes on, so the test id sits on a wrapper.
          <div className="depot-fill" data-testid="list-no-items">
            {/* Not a heading (NonIdealState titles are h4): an empty list is a state of the page, not a section. */}
            <NonIdealState icon="search" description={<FormattedMessage id="list.noItems" />} />
          </div>
        ) : (
          <Table2
            numRows={state.rows.length}
            enableRowHeader={false}
            enableFocusedCell
            onFocusedCell={(c: FocusedCellCoordinates) => setFocusedRow(c.row)}
            defaultRowHeight={26}
            columnWidths={[CHECK_WIDTH, ...columns.map((c) => c.width)]}
            cellRendererDependencies={[state.rows, state.selection, state.flashed, columns]}
            enableColumnResizing
          >
            {[
              <Column
                key="select"
                id="select"
                columnHeaderCellRenderer={() => (
                  <ColumnHeaderCell
                    nameRenderer={() => (
                      <Checkbox
                        className="depot-check"
                        aria-label={intl.formatMessage({ id: 'list.selectAll' })}
                        data-testid="select-all"
                        checked={header === 'all'}
                        indeterminate={header === 'some'}
                        onChange={() =>
                          list.dispatch({ type: header === 'none' ? 'selectAll' : 'clearSelection' })
                        }
                      />
                    )}
                  />
                )}
                cellRenderer={(rowIndex) => (
                  <Cell interactive className={cellClass(rowIndex)}>
                    <Checkbox
                      className="depot-check"
                      aria-label={intl.formatMessage({ id: 'list.selectRow' }, { row: rowIndex + 1 })}
                      data-testid="row-check"
                      checked={!!state.rows[rowIndex] && isSelected(state.selection, state.rows[rowIndex].id)}
                      onClick={(e) => toggleAt(rowIndex, e.shiftKey)}
                      readOnly
                    />
                  </Cell>
                )}
              />,
              ...columns.map((c) => (
                <Column
                  key={c.id}
                  id={c.id}
                  columnHeaderCellRenderer={() => <ColumnHeaderCell nameRenderer={() => headerName(c)} />}
                  cellRenderer={(rowIndex) => {
                    const row = state.rows[rowIndex];
                    const content = row ? c.render(row) : null;
                    return (
                      <Cell className={cellClass(rowIndex)} interactive={c.interactive || c.id === primaryId}>
                        <span
                          className="depot-cell-content"
                          data-testid={`cell-${c.id}`}
                          onDoubleClick={() => row && open?.(row)}
                        >
                          {row && rowHref && c.id === primaryId ? (
                            <Link to={rowHref(row)} className="depot-row-link" data-testid="row-link">
                              {content}
                            </Link>
                          ) : (
                            content
                          )}
                        </span>
                      </Cell>
                    );
                  }}
                />
              )),
            ]}
          </Table2>
        )}
      </div>
      <div className="depot-list-footer">
        <span className={Classes.TEXT_MUTED} data-testid="list-count">
          <FormattedMessage
            id={state.totalCapped ? 'list.countCapped' : 'list.count'}
            values={{
              loaded: <FormattedNumber value={state.rows.length} />,
              total: <FormattedNumber value={state.total} />,
            }}
          />
        </span>
        {count > 0 ? (
          <span data-testid="list-selected">
            <FormattedMessage
              id={countCapped ? 'list.selectedCapped' : 'list.selected'}
              values={{ count: <FormattedNumber value={count} /> }}
            />
          </span>
        ) : null}
        {props.selectionActions && count > 0 ? props.selectionActions : null}
        <span className="depot-spacer" />
        {state.status === 'more' ? <Spinner size={SpinnerSize.SMALL} /> : null}
        {allLoaded ? (
          <span className={Classes.TEXT_MUTED} data-testid="list-all-loaded">
            <FormattedMessage id="list.allLoaded" />
          </span>
        ) : null}
        {state.status === 'error' ? (
          <Button small icon="refresh" onClick={list.reload} data-testid="list-retry">
            <FormattedMessage id="list.retry" />
          </Button>
        ) : null}
        {state.nextCursor && state.status !== 'loading' ? (
          <>
            <Button
              small
              icon="more"
              onClick={() => void list.loadMore()}
              disabled={state.status === 'more'}
              data-testid="list-more"
            >
              <FormattedMessage id="list.getMore" />
            </Button>
            <Button small minimal onClick={() => setConfirmLoadAll(true)} data-testid="list-load-all">
              <FormattedMessage id="list.loadAll" />
            </Button>
          </>
        ) : null}
        <ColumnChooser
          columns={choosable}
          hidden={choice.hidden}
          onToggle={choice.toggle}
          onReset={choice.reset}
        />
      </div>
      <Alert
        isOpen={confirmLoadAll}
        intent={Intent.WARNING}
        icon="time"
        cancelButtonText={intl.formatMessage({ id: 'common.cancel' })}
        confirmButtonText={intl.formatMessage({ id: 'list.loadAllConfirm' })}
        onCancel={() => setConfirmLoadAll(false)}
        onConfirm={() => {
          setConfirmLoadAll(false);
          void list.loadAll();
        }}
      >
        <p>
          <FormattedMessage
            id={state.totalCapped ? 'list.loadAllWarningCapped' : 'list.loadAllWarning'}
            values={{ total: <FormattedNumber value={state.total} /> }}
          />
        </p>
      </Alert>
    </div>
  );
}
