import type { IntegrationType } from '@depot/contracts';

/** Message ids are camelCase (`presta_shop` → `prestaShop`), as the catalogues' key rule asks. */
const idPart = (type: IntegrationType) => type.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The name of an integration type, e.g. `integrations.type.prestaShop`. */
export const integrationTypeId = (type: IntegrationType) => `integrations.type.${idPart(type)}`;

/** One line on what the type connects, shown when the type is chosen. */
export const integrationTypeHintId = (type: IntegrationType) => `integrations.typeHint.${idPart(type)}`;
