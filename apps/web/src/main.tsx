import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/table/lib/css/table.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import './styles/app.css';
import './styles/themes.css';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { languageAtom } from './i18n/language';
import { appStore } from './store';
import { applyTheme } from './theme/themes';
import { themeAtom } from './theme/themes';

// theme-boot.js already themed the page before paint; keep <html> in step with the stored choices.
applyTheme(document.documentElement, appStore.get(themeAtom));
document.documentElement.lang = appStore.get(languageAtom);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={appStore}>
      <App />
    </Provider>
  </StrictMode>,
);
