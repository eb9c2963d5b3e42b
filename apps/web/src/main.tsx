import '@blueprintjs/core/lib/css/blueprint.css';
import './styles/app.css';
import './styles/themes.css';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { languageAtom } from './i18n/language';
import { loadMessages } from './i18n/messages';
import { appStore } from './store';
import { installIconLoader } from './ui/icons/iconLoader';
import { applyTheme } from './theme/themes';
import { themeAtom } from './theme/themes';

installIconLoader();
// theme-boot.js already themed the page before paint; keep <html> in step with the stored choices.
applyTheme(document.documentElement, appStore.get(themeAtom));
const language = appStore.get(languageAtom);
document.documentElement.lang = language;

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={appStore}>
        <App />
      </Provider>
    </StrictMode>,
  );
// The first render waits for the language's messages (one catalogue, decision 0125).
loadMessages(language).then(render, render);
