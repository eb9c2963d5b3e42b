import { Button } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { PageState } from '../ui/PageState';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../ui/usePageTitle';

export function ForbiddenPage() {
  usePageTitle('page.forbidden');
  const navigate = useNavigate();
  return (
    <PageState
      testId="page-403"
      icon="lock"
      titleId="page.forbidden"
      textId="page.forbiddenText"
      action={
        <Button icon="home" onClick={() => navigate('/')}>
          <FormattedMessage id="page.goHome" />
        </Button>
      }
    />
  );
}
