import { Button, NonIdealState } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../ui/usePageTitle';

export function NotFoundPage() {
  usePageTitle('page.notFound');
  const navigate = useNavigate();
  return (
    // NonIdealState passes no data-* attributes on, so the test id sits on a wrapper.
    <div className="depot-fill" data-testid="page-404">
      <NonIdealState
        icon="search"
        title={<FormattedMessage id="page.notFound" />}
        description={<FormattedMessage id="page.notFoundText" />}
        action={
          <Button icon="home" onClick={() => navigate('/')}>
            <FormattedMessage id="page.goHome" />
          </Button>
        }
      />
    </div>
  );
}
