import { Button } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useNotify } from './useNotify';

/**
 * A long number (a carrier's tracking number) shown whole: it may wrap where it has no room (`wrap`), its full text
 * is its title, and a copy button beside it puts it on the clipboard (decision 0122).
 */
export function CopyableText(props: { value: string | null; testId?: string; wrap?: boolean }) {
  const intl = useIntl();
  const notify = useNotify();
  const { value } = props;
  if (!value) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(intl.formatMessage({ id: 'list.copied' }, { value }));
    } catch {
      notify.warning(intl.formatMessage({ id: 'list.copyFailed' }));
    }
  };
  const label = intl.formatMessage({ id: 'list.copy' }, { value });
  return (
    <span className={props.wrap ? 'depot-copyable depot-copyable-wrap' : 'depot-copyable'}>
      <span className="depot-monospace depot-copyable-text" title={value} data-testid={props.testId}>
        {value}
      </span>
      <Button
        minimal
        small
        icon="duplicate"
        aria-label={label}
        title={label}
        onClick={(e) => {
          e.stopPropagation();
          void copy();
        }}
        data-testid="copy-button"
      />
    </span>
  );
}
