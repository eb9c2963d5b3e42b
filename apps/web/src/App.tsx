import { BlueprintProvider } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { DISPLAY_TIMEZONE } from '@depot/contracts/base';
import { QueryClientProvider } from '@tanstack/react-query';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query';
import { languageAtom } from './i18n/language';
import { loadedMessages, loadMessages } from './i18n/messages';
import { RealtimeProvider } from './realtime/RealtimeProvider';
import { router } from './router';

/** The panel: languages (react-intl), the query cache, the live connection, and the routes. */
export function App() {
  const chosen = useAtomValue(languageAtom);
  // The panel renders in the chosen language once its messages are in (main.tsx loads the first one before the
  // first render); until then it stays in the one it shows.
  const [language, setLanguage] = useState(chosen);
  useEffect(() => {
    let current = true;
    loadMessages(chosen).then(
      () => current && setLanguage(chosen),
      () => undefined, // a chunk gone after a deploy reloads the tab (router.tsx, vite:preloadError)
    );
    return () => {
      current = false;
    };
  }, [chosen]);
  // <html lang> follows the language the panel renders in, whichever way it was chosen.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider
      locale={language}
      defaultLocale="en"
      messages={loadedMessages(language)}
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
