import type { MessageId } from '../catalogue';
import { EXPORT_ENTITIES } from '../exports/schemas';
import { PARCEL_EXPORT_ENTITY } from '../exports/parcel-exports';

/**
 * Every kind of change the app writes to the change log (administration/logs), `<entity>.<verb>`. The API's
 * `AuditService.record` takes only these, so a new kind of entry is added here first; each has its words in both
 * languages (`logs.type.<type>`), which log-types.spec.ts checks (decision 0111).
 */
export const LOG_TYPES = [
  'session.signIn',
  'user.create',
  'user.update',
  'user.passwordChange',
  'user.sessionsRevoke',
  'client.create',
  'client.update',
  'clientGroup.create',
  'clientGroup.update',
  'clientGroup.delete',
  'apiKey.create',
  'apiKey.update',
  'apiKey.delete',
  'integration.create',
  'integration.update',
  'integration.delete',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'webhook.rotateSecret',
  'webhook.test',
  'webhook.replay',
  'matrix.create',
  'matrix.update',
  'matrix.delete',
  'matrix.setDefault',
  'matrix.globalOperatorChange',
  'operator.create',
  'operator.update',
  'operator.additionalService.create',
  'operator.additionalService.update',
  'operator.additionalService.delete',
  'parcel.create',
  'parcel.update',
  'parcel.status',
  'parcel.return',
  'parcel.cancel',
  'parcel.delete',
  'parcel.cancelFinished',
  'parcel.cancelRefused',
  'parcel.registered',
  'parcel.registrationRejected',
  'sector.create',
  'sector.update',
  'sector.delete',
  'sector.mapOperator',
  'sector.unmapOperator',
  'statusMap.create',
  'statusMap.update',
  'statusMap.save',
  'statusMap.import',
  'statusMap.remove',
  'wallScreen.create',
  'wallScreen.revoke',
  'consolidation.create',
  'consolidation.addItem',
  'consolidation.removeItem',
  'consolidation.block',
  'consolidation.unblock',
  'import.create',
  'import.approve',
  'import.cancel',
  'import.finish',
  'weightImport.create',
  'import.stalled',
  'importPreset.save',
  'importPreset.delete',
  'labels.print',
  'export.xlsx',
  'export.csv',
] as const;
export type LogType = (typeof LOG_TYPES)[number];

/**
 * What a log entry is about: one record (`user`, `parcel`…) or, for exports and printed labels, a list
 * (`clients`, `parcels`…). Each has its word in both languages (`logs.entity.<entity>`).
 */
export const LOG_ENTITIES = [
  'user',
  'client',
  'clientGroup',
  'apiKey',
  'integration',
  'webhook',
  'matrix',
  'operator',
  'parcel',
  'sector',
  'statusMap',
  'wallScreen',
  'consolidation',
  'import',
  'importPreset',
  'weightImport',
  ...EXPORT_ENTITIES,
  PARCEL_EXPORT_ENTITY,
] as const;
export type LogEntity = (typeof LOG_ENTITIES)[number];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * The catalogue entry naming a log type in the reader's language; undefined for a type the app does not write
 * (an entry written by hand or by an older version), which the panel shows as recorded. Every type the app writes
 * has its entry in both languages (log-types.spec.ts), so this reads the list, not the catalogue: the panel loads
 * one language's catalogue when it needs it (decision 0125).
 */
export function logTypeWord(type: string): MessageId | undefined {
  return isOneOf(LOG_TYPES, type) ? (`logs.type.${type}` as MessageId) : undefined;
}

/** The catalogue entry naming a log entity; undefined for one the app does not write. */
export function logEntityWord(entity: string): MessageId | undefined {
  return isOneOf(LOG_ENTITIES, entity) ? (`logs.entity.${entity}` as MessageId) : undefined;
}
