import { Button } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { PageState } from '../ui/PageState';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../ui/usePageTitle';

export function NotFoundPage() {
  usePageTitle('page.notFound');
  const navigate = useNavigate();
  return (
    <PageState
      testId="page-404"
      icon="search"
      titleId="page.notFound"
      textId="page.notFoundText"
      action={
        <Button icon="home" onClick={() => navigate('/')}>
          <FormattedMessage id="page.goHome" />
        </Button>
      }
    />
  );
}
