import { BlueprintProvider } from '@blueprintjs/core';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { DISPLAY_TIMEZONE } from '@depot/contracts/base';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router';
import { languageAtom } from './i18n/language';
import { loadedMessages, loadMessages } from './i18n/messages';
import { RealtimeProvider } from './realtime/RealtimeProvider';
import { router } from './router';

/**
 * The panel: languages (react-intl), the live connection, and the routes. The query cache comes with the signed-in
 * shell (layout/AppShell.tsx): the sign-in page reads nothing through it (decision 0125).
 */
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
        <RealtimeProvider>
          <RouterProvider router={router} />
        </RealtimeProvider>
      </BlueprintProvider>
    </IntlProvider>
  );
}
