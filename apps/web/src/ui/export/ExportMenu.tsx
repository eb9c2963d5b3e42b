import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import type { ExportEntity, ExportFormat } from '@depot/contracts';
import { massSelectionCount, type MassSelection } from '@depot/domain';
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { canAtom } from '../../session/session';
import { everythingOf, EXPORT_FORMAT_LABELS, listExportTarget, type ExportTarget } from './exportTargets';
import { useExport } from './useExport';

type ExportMenuProps<F, O> = {
  selection: MassSelection<F, O>;
  total: number;
} & ({ entity: ExportEntity; target?: never } | { target: ExportTarget<F, O>; entity?: never });

/**
 * The export menu of a list header (decisions 0047, 0093): the selected rows (select-all with its exceptions and
 * the list's filters), or every row the list's filters match, in each format the target offers. Shown to users who
 * may export the list. One line in a list page:
 * `<ExportMenu entity="clients" selection={list.massSelection} total={list.state.total} />` (an admin list's
 * xlsx mass export), or `target={…}` for a list with its own export paths and formats (the parcels list).
 */
export function ExportMenu<F, O>(props: ExportMenuProps<F, O>) {
  const { entity, selection, total } = props;
  const target = useMemo(
    () => props.target ?? (listExportTarget(entity as ExportEntity) as ExportTarget<F, O>),
    [props.target, entity],
  );
  const can = useAtomValue(canAtom);
  const { exportSelection, busy } = useExport(target);
  if (!can(target.permission)) return null;

  const picked = massSelectionCount(selection, total);
  const everything = everythingOf(selection);
  // One format keeps the short labels ("Export selected (3)"); several name theirs ("… to CSV").
  const single = target.formats.length === 1;
  const item = (kind: 'selected' | 'all', format: ExportFormat, count: number) => (
    <MenuItem
      key={`${kind}-${format}`}
      icon={kind === 'selected' ? 'tick' : 'th'}
      disabled={count === 0}
      onClick={() => void exportSelection(kind === 'selected' ? selection : everything, format)}
      data-testid={single ? `export-${kind}` : `export-${kind}-${format}`}
      text={
        <FormattedMessage
          id={single ? `export.${kind}` : `export.${kind}As`}
          values={{ count: <FormattedNumber value={count} />, format: EXPORT_FORMAT_LABELS[format] }}
        />
      }
    />
  );

  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu>
          {target.formats.map((f) => item('selected', f, picked))}
          {single ? null : <MenuDivider />}
          {target.formats.map((f) => item('all', f, total))}
        </Menu>
      }
    >
      <Button icon="export" endIcon="caret-down" loading={busy} data-testid="export-menu">
        <FormattedMessage id={single ? 'export.button' : 'export.buttonAny'} />
      </Button>
    </PopoverNext>
  );
}
