import { Button, NonIdealState } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../ui/usePageTitle';

export function ForbiddenPage() {
  usePageTitle('page.forbidden');
  const navigate = useNavigate();
  return (
    // NonIdealState passes no data-* attributes on, so the test id sits on a wrapper.
    <div className="depot-fill" data-testid="page-403">
      <NonIdealState
        icon="lock"
        title={<FormattedMessage id="page.forbidden" />}
        description={<FormattedMessage id="page.forbiddenText" />}
        action={
          <Button icon="home" onClick={() => navigate('/')}>
            <FormattedMessage id="page.goHome" />
          </Button>
        }
      />
    </div>
  );
}
