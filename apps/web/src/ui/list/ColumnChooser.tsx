import { Button, Checkbox, PopoverNext } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ChoosableColumn } from './useColumnChoice';

/** The list's "Columns" button: one checkbox per column (the linking one always shown) and "show the default". */
export function ColumnChooser(props: {
  columns: (ChoosableColumn & { titleId: string; title?: string })[];
  hidden: string[];
  onToggle: (id: string) => void;
  onReset: () => void;
}) {
  const intl = useIntl();
  return (
    <PopoverNext
      placement="top-end"
      content={
        <div
          className="depot-column-chooser"
          role="group"
          aria-label={intl.formatMessage({ id: 'list.columns' })}
          data-testid="list-columns-menu"
        >
          {props.columns.map((c) => (
            <Checkbox
              key={c.id}
              checked={c.alwaysShown || !props.hidden.includes(c.id)}
              disabled={c.alwaysShown}
              onChange={() => props.onToggle(c.id)}
              label={c.title ?? intl.formatMessage({ id: c.titleId })}
              data-testid={`list-column-${c.id}`}
            />
          ))}
          <Button minimal small icon="reset" onClick={props.onReset} data-testid="list-columns-reset">
            <FormattedMessage id="list.columnsReset" />
          </Button>
        </div>
      }
    >
      <Button small minimal icon="column-layout" data-testid="list-columns">
        <FormattedMessage id="list.columns" />
      </Button>
    </PopoverNext>
  );
}
