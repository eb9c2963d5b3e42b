import { OPERATOR_CONFIG_MODELS, type OperatorType } from '@depot/contracts';

/**
 * Operators (carriers): how stored secrets change on a save, and when an operator may be deactivated
 * (decision 0031).
 */

/**
 * The secrets after a save: the stored ones, with the given changes applied (a string sets, null clears, a key
 * left out keeps), restricted to the secret fields of `type`'s model (a type change drops the old type's
 * secrets).
 */
export function mergeSecrets(
  type: OperatorType,
  stored: Readonly<Record<string, string>>,
  given: Readonly<Record<string, string | null>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of OPERATOR_CONFIG_MODELS[type].config) {
    if (f.type !== 'secret') continue;
    const change = given[f.key];
    if (change === null) continue;
    const value = change ?? stored[f.key];
    if (value !== undefined && value !== '') out[f.key] = value;
  }
  return out;
}

/** The required secret fields of `type` that `secrets` lacks, in model order. */
export function missingRequiredSecrets(
  type: OperatorType,
  secrets: Readonly<Record<string, string>>,
): string[] {
  return OPERATOR_CONFIG_MODELS[type].config
    .filter((f) => f.type === 'secret' && f.required && !secrets[f.key])
    .map((f) => f.key);
}

/** Whether two secret maps hold the same values. */
export function sameSecrets(
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

export interface DeactivationFacts {
  wasActive: boolean;
  active: boolean;
  /** Active parcels assigned to the operator (always 0 until parcels exist, issue #5). */
  activeParcels: number;
  /** Routing conditions that name the operator. */
  routingConditions: number;
}

export type DeactivationOutcome =
  | {
      allowed: true;
      /** Routing conditions that will skip the operator from now on (0 = none). */ skippedByRouting: number;
    }
  | { allowed: false; reason: 'activeParcels'; activeParcels: number };

/**
 * SPEC 4: an operator cannot be deactivated while any active parcel is assigned to it. Routing conditions do
 * not block it: routing skips inactive operators (libs/domain routing), so the conditions that name it fall
 * through to the next candidate; the count is reported so the panel can warn.
 * Anything that is not a deactivation is allowed as is.
 */
export function operatorDeactivation(f: DeactivationFacts): DeactivationOutcome {
  if (!f.wasActive || f.active) return { allowed: true, skippedByRouting: 0 };
  if (f.activeParcels > 0) return { allowed: false, reason: 'activeParcels', activeParcels: f.activeParcels };
  return { allowed: true, skippedByRouting: f.routingConditions };
}
