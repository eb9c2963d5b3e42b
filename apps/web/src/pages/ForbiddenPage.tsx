import { GoHomeButton, PageState } from '../ui/PageState';
import { usePageTitle } from '../ui/usePageTitle';

export function ForbiddenPage() {
  usePageTitle('page.forbidden');
  return (
    <PageState
      testId="page-403"
      icon="lock"
      titleId="page.forbidden"
      textId="page.forbiddenText"
      action={<GoHomeButton />}
    />
  );
}
