import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { EXPORT_LISTS, type ExportEntity } from '@depot/contracts';
import { massSelectionCount, type MassSelection } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { canAtom } from '../../session/session';
import { useExport } from './useExport';

/**
 * "Export to xlsx" for a list header: the selected rows (select-all with its exceptions and the list's filters), or
 * every row the list's filters match. Shown to users who may export the list. One line in a list page:
 * `<ExportMenu entity="clients" selection={list.massSelection} total={list.state.total} />`.
 */
export function ExportMenu<F, O>(props: {
  entity: ExportEntity;
  selection: MassSelection<F, O>;
  total: number;
}) {
  const { entity, selection, total } = props;
  const can = useAtomValue(canAtom);
  const { exportSelection, busy } = useExport(entity);
  if (!can(EXPORT_LISTS[entity].permission)) return null;

  const picked = massSelectionCount(selection, total);
  const everything: MassSelection<F, O> = { ...selection, selectedAll: true, ids: [], exceptId: [] };

  return (
    <Popover
      placement="bottom-end"
      content={
        <Menu>
          <MenuItem
            icon="tick"
            disabled={picked === 0}
            onClick={() => void exportSelection(selection)}
            data-testid="export-selected"
            text={
              <FormattedMessage id="export.selected" values={{ count: <FormattedNumber value={picked} /> }} />
            }
          />
          <MenuItem
            icon="th"
            disabled={total === 0}
            onClick={() => void exportSelection(everything)}
            data-testid="export-all"
            text={<FormattedMessage id="export.all" values={{ count: <FormattedNumber value={total} /> }} />}
          />
        </Menu>
      }
    >
      <Button icon="export" endIcon="caret-down" loading={busy} data-testid="export-menu">
        <FormattedMessage id="export.button" />
      </Button>
    </Popover>
  );
}
