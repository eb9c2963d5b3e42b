import type { ImportView } from '@depot/contracts';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Tag } from '../../../ui/Tag';
import { approvePercent } from '../rowErrors';
import { STATE_INTENTS, STATE_WORDS } from '../words';

/**
 * An import's state as a tag in words; while the parcels are being created, how far it has come (it moves live with
 * the import's counts).
 */
export function ImportStateTag(props: {
  imp: Pick<ImportView, 'state' | 'createdRows' | 'validRows'>;
  testId?: string;
}) {
  const { imp } = props;
  return (
    <Tag minimal intent={STATE_INTENTS[imp.state]} data-testid={props.testId ?? 'import-state'}>
      <FormattedMessage id={STATE_WORDS[imp.state]} />
      {imp.state === 'approving' ? (
        <>
          {' '}
          <FormattedNumber value={approvePercent(imp) / 100} style="percent" />
        </>
      ) : null}
    </Tag>
  );
}
