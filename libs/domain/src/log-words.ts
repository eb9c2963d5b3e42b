import type { LogEntity, MessageId } from '@depot/contracts';

/**
 * Which catalogue words name the data a log entry recorded (decision 0111): the fields of each entity as its forms
 * and lists already name them, the log's own words (`logs.data.*`) for what no form shows, and the words of
 * recorded values that name something (a role, a parcel status). A key or value without a word is shown as
 * recorded.
 */

/**
 * The ids a catalogue has: the messages of either language (both have the same ids, the panel's i18n spec checks
 * it). The panel passes the messages it has loaded (decision 0125: one language at a time), tests the catalogue.
 */
export type CatalogueIds = Readonly<Record<string, unknown>>;

const isMessageId = (ids: CatalogueIds, id: string): id is MessageId => Object.hasOwn(ids, id);
const ownValue = <T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  table && Object.hasOwn(table, key) ? table[key] : undefined;

/** Fields whose word is named differently from the recorded key, or lives outside the entity's namespaces. */
const FIELD_WORDS: Partial<Record<LogEntity, Readonly<Record<string, MessageId>>>> = {
  user: { lang: 'field.language' },
  client: {
    defaultAddress: 'settings.section.pickupAddress',
    parcelSettings: 'settings.section.parcel',
    masterName: 'clients.field.masterAccount',
  },
  clientGroup: {
    name: 'clientGroups.field.clientsGroupName',
    type: 'clientGroups.field.typeGroup',
    clients: 'clientGroups.field.clientsCount',
  },
  apiKey: { active: 'field.active' },
  integration: { keyHint: 'integrations.field.key' },
  matrix: {
    position: 'matrices.row',
    conditions: 'matrices.conditions',
    conditionCount: 'matrices.conditionCount',
    operatorNames: 'matrices.operators',
  },
  operator: { packageSettings: 'operators.section.package', config: 'operators.section.config' },
  parcel: {
    operatorName: 'parcels.field.carrier',
    clientName: 'parcelDetails.client',
    pickupAddress: 'parcelForm.section.pickupAddress',
    destinationAddress: 'parcelForm.section.destinationAddress',
    statusHistory: 'parcelDetails.section.history',
    routing: 'parcelDetails.section.carrier',
    returnOfId: 'parcelDetails.returnOf',
    returnParcelId: 'parcelDetails.returnParcel',
  },
};

/** The catalogue namespaces holding an entity's field words, tried in order for a key at any depth. */
const FIELD_NAMESPACES: Partial<Record<LogEntity, readonly string[]>> = {
  user: ['field'],
  client: ['clients.field', 'clients.address', 'clients.parcel'],
  clientGroup: ['clients.field'],
  apiKey: ['apiKeys.field'],
  integration: ['integrations.field'],
  webhook: ['webhooks.field'],
  matrix: ['matrices.field'],
  operator: [
    'operators.field',
    'operators.address',
    'operators.package',
    'operators.config',
    'operators.services',
    'clients.address',
  ],
  sector: ['sectors.field'],
  parcel: [
    'parcels.field',
    'parcelDetails.number',
    'parcelDetails',
    'parcelForm.field',
    'parcelForm.address',
  ],
};

/** After the entity's own words: the log's words for what no form names, then the fields every form shares. */
const SHARED_NAMESPACES = ['logs.data', 'field'] as const;

/** The word naming a recorded key of an entity's data (at any depth), if the catalogue has one. */
export function logFieldWord(ids: CatalogueIds, entity: string, key: string): MessageId | undefined {
  const fixed = ownValue(ownValue(FIELD_WORDS, entity), key);
  if (fixed) return fixed;
  for (const ns of [...(ownValue(FIELD_NAMESPACES, entity) ?? []), ...SHARED_NAMESPACES]) {
    const id = `${ns}.${key}`;
    if (isMessageId(ids, id)) return id;
  }
  return undefined;
}

/** Recorded values that name something: the namespace of their words, by entity and key. */
const VALUE_NAMESPACES: Partial<Record<LogEntity, Readonly<Record<string, string>>>> = {
  user: { role: 'role', lang: 'language' },
  clientGroup: { type: 'clientGroups.type' },
  integration: { type: 'integrations.type' },
  operator: { operatorType: 'operators.type' },
  parcel: {
    status: 'parcels.status',
    previousStatus: 'parcels.status',
    orderType: 'parcels.orderType',
    source: 'parcels.source',
  },
};

/** The word for a recorded value of a key (`role: 'admin'` → "Admin"), if it names something the catalogue has. */
export function logValueWord(
  ids: CatalogueIds,
  entity: string,
  key: string,
  value: string,
): MessageId | undefined {
  const ns = ownValue(ownValue(VALUE_NAMESPACES, entity), key);
  const id = ns ? `${ns}.${value}` : undefined;
  return id !== undefined && isMessageId(ids, id) ? id : undefined;
}
