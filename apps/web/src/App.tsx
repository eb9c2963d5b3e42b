import { BlueprintProvider } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { DISPLAY_TIMEZONE } from '@depot/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query';
import { languageAtom, MESSAGES_BY_LANGUAGE } from './i18n/language';
import { RealtimeProvider } from './realtime/RealtimeProvider';
import { router } from './router';

/** The panel: languages (react-intl), the query cache, the live connection, and the routes. */
export function App() {
  const language = useAtomValue(languageAtom);
  // <html lang> follows the language the panel renders in, whichever way it was chosen.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider
      locale={language}
      defaultLocale="en"
      messages={MESSAGES_BY_LANGUAGE[language]}
      timeZone={DISPLAY_TIMEZONE}
    >
      <BlueprintProvider>
        <QueryClientProvider client={queryClient}>
          <RealtimeProvider>
            <RouterProvider router={router} />
          </RealtimeProvider>
        </QueryClientProvider>
      </BlueprintProvider>
    </IntlProvider>
  );
}
