import {
  OPERATOR_PACKAGE_SETTING_KEYS,
  isOperatorType,
  secretKeysOf,
  type ClientAddress,
  type ConfigValue,
  type OperatorListItem,
  type OperatorPackageSettings,
  type OperatorView,
  type SecretState,
} from '@depot/contracts';
import { maskSecret } from '../../secrets/secret-box';
import type { OperatorRecord, OperatorRow } from './operators.repository';

/** Views of an operator record: the list row and the edit form's view (secrets only as masked state). */

const iso = (d: Date) => d.toISOString();

export const listItemOf = (r: OperatorRow): OperatorListItem => ({
  id: r.id,
  operatorName: r.name,
  operatorType: r.type,
  description: r.description,
  active: r.active,
  exchangeRateEUR: r.exchangeRateEur,
  maxWeightKg: r.maxWeightKg,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** The list row of a view (what live-list events carry). */
export const listItemOfView = (v: OperatorView): OperatorListItem => ({
  id: v.id,
  operatorName: v.operatorName,
  operatorType: v.operatorType,
  description: v.description,
  active: v.active,
  exchangeRateEUR: v.exchangeRateEUR,
  maxWeightKg: v.maxWeightKg,
  createdAt: v.createdAt,
  updatedAt: v.updatedAt,
});

/** Whether a secret is set, and its end masked; one entry per secret field of the operator's type. */
export function secretStates(
  type: string,
  secrets: Readonly<Record<string, string>>,
): Record<string, SecretState> {
  const keys = isOperatorType(type) ? secretKeysOf(type) : Object.keys(secrets);
  return Object.fromEntries(
    keys.map((k) => {
      const value = secrets[k];
      return [k, value ? { set: true, masked: maskSecret(value) } : { set: false, masked: null }];
    }),
  );
}

/** The edit form's view; `secrets` are the decrypted secrets, of which only the masked state leaves. */
export function viewOf(r: OperatorRecord, secrets: Readonly<Record<string, string>>): OperatorView {
  return {
    ...listItemOf(r),
    pickupAddress: (r.pickupAddress as ClientAddress | null) ?? null,
    returnAddress: (r.returnAddress as ClientAddress | null) ?? null,
    domesticAddress: (r.domesticAddress as ClientAddress | null) ?? null,
    packageSettings: (r.packageSettings as OperatorPackageSettings | null) ?? null,
    config: r.config as Record<string, ConfigValue>,
    secrets: secretStates(r.type, secrets),
    routingConditions: r.routingConditions,
    routingMatrices: r.routingMatrices,
  };
}

/**
 * Stored package settings carry every key (null when not set), so they compare and read predictably; settings
 * with nothing set are stored as none (null).
 */
export function fullPackageSettings(
  s: Partial<OperatorPackageSettings> | null | undefined,
): OperatorPackageSettings | null {
  const full = Object.fromEntries(
    OPERATOR_PACKAGE_SETTING_KEYS.map((k) => [k, s?.[k] ?? null]),
  ) as unknown as OperatorPackageSettings;
  return Object.values(full).every((x) => x === null) ? null : full;
}
