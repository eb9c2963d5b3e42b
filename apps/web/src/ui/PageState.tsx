import { Button, H1, NonIdealState, type IconName } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';

/**
 * A whole page that is a state (403, 404, access disabled): Blueprint's NonIdealState with the title as the page's one
 * h1 (NonIdealState's own title is an h4, which would leave the page without a level-one heading).
 */
export function PageState(props: {
  testId: string;
  icon: IconName;
  titleId: string;
  textId: string;
  action: ReactElement;
}) {
  return (
    // NonIdealState passes no data-* attributes on, so the test id sits on a wrapper.
    <div className="depot-fill" data-testid={props.testId}>
      <NonIdealState
        icon={props.icon}
        description={
          <>
            <H1 className="depot-state-title">
              <FormattedMessage id={props.titleId} />
            </H1>
            <FormattedMessage id={props.textId} />
          </>
        }
        action={props.action}
      />
    </div>
  );
}

/** The way out of a page that is a state: back to the start page. */
export function GoHomeButton() {
  const navigate = useNavigate();
  return (
    <Button icon="home" onClick={() => navigate('/')}>
      <FormattedMessage id="page.goHome" />
    </Button>
  );
}
