import { Icon, Tooltip } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { connectionStateAtom } from '../realtime/RealtimeProvider';
import { Tag } from './Tag';

/** A small mark in the top bar when live updates are interrupted (nothing when all is well). */
export function ConnectionIndicator() {
  const state = useAtomValue(connectionStateAtom);
  if (state === 'live') return null;
  return (
    <Tooltip content={<FormattedMessage id="realtime.interruptedHint" />}>
      <Tag minimal intent="warning" data-testid="realtime-interrupted" icon={<Icon icon="offline" />}>
        <FormattedMessage id={state === 'connecting' ? 'realtime.connecting' : 'realtime.interrupted'} />
      </Tag>
    </Tooltip>
  );
}
