import { Button, H2, Intent } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';

/** The header of a list screen: its title, and the "new" button when the user may create. */
export function ListPageHeader(props: {
  titleId: string;
  createLabelId: string;
  createPath: string;
  canCreate: boolean;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <div className="depot-page-header">
      <H2>
        <FormattedMessage id={props.titleId} />
      </H2>
      {props.canCreate ? (
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          onClick={() => navigate(props.createPath)}
          data-testid={props.testId}
        >
          <FormattedMessage id={props.createLabelId} />
        </Button>
      ) : null}
    </div>
  );
}
