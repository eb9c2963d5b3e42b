/**
 * What the panel's bundle has in place of libs/contracts/src/catalogue.ts (vite.config.ts, decision 0125): the
 * panel's texts come through react-intl, one language loaded at a time (messages.ts), and nothing in the panel reads
 * CATALOGUE (ESLint refuses the import). Tests and the API read the real catalogue.
 */
const refused = (): never => {
  throw new Error(
    'The panel has no CATALOGUE: its texts come through react-intl (apps/web/src/i18n/messages.ts).',
  );
};

export const CATALOGUE = new Proxy({}, { get: refused });
export const catalogueText = refused;
