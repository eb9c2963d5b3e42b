import { Button, H1, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';

/**
 * The header of a list screen: its title, and the "new" button when the user may create. The button opens
 * `createPath`, or calls `onCreate` instead (e.g. a create dialog on the list itself).
 */
export function ListPageHeader(props: {
  titleId: string;
  createLabelId: string;
  createPath?: string;
  onCreate?: () => void;
  canCreate: boolean;
  testId: string;
  /** More buttons before the "new" one (e.g. the export menu). */
  actions?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="depot-page-header">
      <H1>
        <FormattedMessage id={props.titleId} />
      </H1>
      {props.actions ? <div className="depot-page-actions">{props.actions}</div> : null}
      {props.canCreate ? (
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          onClick={() => (props.onCreate ? props.onCreate() : props.createPath && navigate(props.createPath))}
          data-testid={props.testId}
        >
          <FormattedMessage id={props.createLabelId} />
        </Button>
      ) : null}
    </div>
  );
}
