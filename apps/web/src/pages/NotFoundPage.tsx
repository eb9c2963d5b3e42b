import { GoHomeButton, PageState } from '../ui/PageState';
import { usePageTitle } from '../ui/usePageTitle';

export function NotFoundPage() {
  usePageTitle('page.notFound');
  return (
    <PageState
      testId="page-404"
      icon="search"
      titleId="page.notFound"
      textId="page.notFoundText"
      action={<GoHomeButton />}
    />
  );
}
