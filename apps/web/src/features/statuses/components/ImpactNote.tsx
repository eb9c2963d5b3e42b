import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';

/** Before a mapping change is saved: how many parcels' current statuses it changes (decision 0144). */
export function ImpactNote(props: { count: number | null | undefined; testId: string }) {
  // Not counted (the count failed): the save's reply says how many parcels moved.
  if (props.count === undefined) return null;
  if (props.count === null)
    return (
      <Callout icon={<Spinner size={16} />} data-testid={`${props.testId}-loading`}>
        <FormattedMessage id="statuses.impactLoading" />
      </Callout>
    );
  return (
    <Callout intent={props.count > 0 ? Intent.WARNING : Intent.NONE} data-testid={props.testId}>
      <FormattedMessage id="statuses.impact" values={{ parcels: props.count }} />
    </Callout>
  );
}
