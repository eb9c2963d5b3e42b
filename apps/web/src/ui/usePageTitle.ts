import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Browser title "<page> · Depot"; the default page title is "Panel". */
export function usePageTitle(titleId = 'page.default') {
  const intl = useIntl();
  const title = intl.formatMessage({ id: titleId });
  useEffect(() => {
    document.title = `${title} · ${intl.formatMessage({ id: 'app.name' })}`;
  }, [title, intl]);
  return title;
}
