import messages from '../../../libs/contracts/src/catalogue/en.json';
import { precompiled } from '../src/i18n/precompiled';

/** The catalogue as the panel's bundle carries it (vite.config.ts): the web tests load what the browser loads. */
export default precompiled(messages, 'en');
