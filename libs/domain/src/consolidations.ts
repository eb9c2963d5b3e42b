import {
  MESSAGES,
  type ConsolidationKind,
  type ConsolidationType,
  type ParcelStatus,
} from '@depot/contracts';
import { isFinalStatus } from './parcel-status';

/**
 * Consolidation rules (SPEC 4 and 8; issue 14 item 6; decision 0128). A consolidation is a car (holds parcels and
 * normal consolidations; never Landmark and other parcels together), a Landmark consolidation (only Landmark
 * parcels) or a normal one (no Landmark parcel). A parcel is a Landmark parcel when its carrier's type is LANDMARK.
 * Each function answers the refusal (a MESSAGES text) or null when the change may go ahead.
 */

/** A consolidation as the rules see it. */
export interface ConsolidationState {
  id: string;
  type: ConsolidationType;
  /** A normal consolidation marked Landmark (a car is never marked: what it holds decides). */
  isLandmark: boolean;
  isBlocked: boolean;
  /** What it holds now: Landmark things (parcels, Landmark consolidations) and the others. */
  holds: { landmark: number; other: number };
}

/** A parcel about to be put into a consolidation. */
export interface ParcelCandidate {
  isLandmark: boolean;
  status: ParcelStatus;
  /** The consolidation it is in now (directly), if any. */
  consolidationId: string | null;
}

/** A consolidation about to be put into a car consolidation. */
export interface ConsolidationCandidate {
  id: string;
  type: ConsolidationType;
  isLandmark: boolean;
  /** The consolidation that holds it now, if any. */
  parentId: string | null;
}

/** car, landmark or normal. */
export const consolidationKindOf = (c: {
  type: ConsolidationType;
  isLandmark: boolean;
}): ConsolidationKind => (c.type === 'car' ? 'car' : c.isLandmark ? 'landmark' : 'normal');

/** Whether the consolidation may change at all: a blocked one takes no change (no item in or out, no scan). */
export const changeRefusal = (c: { isBlocked: boolean }): string | null =>
  c.isBlocked ? MESSAGES.consolidationBlocked : null;

/**
 * The answer of a block check (GET /operatingModule/consolidation/{id}) as a yes or no: only an answer that says
 * `isBlocked: false` in so many words counts as open. A failed check (an error, no answer, anything else) counts as
 * blocked (SPEC 8), so nobody edits a consolidation whose state is unknown.
 */
export function isBlockedByCheck(answer: unknown): boolean {
  if (answer === null || typeof answer !== 'object' || answer instanceof Error) return true;
  return (answer as { isBlocked?: unknown }).isBlocked !== false;
}

/** The mix error of putting a Landmark (or other) thing into `target`; null when the kinds agree. */
export function mixRefusal(target: ConsolidationState, itemIsLandmark: boolean): string | null {
  switch (consolidationKindOf(target)) {
    case 'normal':
      return itemIsLandmark ? MESSAGES.consolidationMixNormal : null;
    case 'landmark':
      return itemIsLandmark ? null : MESSAGES.consolidationMixLandmark;
    case 'car': {
      const clash = itemIsLandmark ? target.holds.other : target.holds.landmark;
      return clash > 0 ? MESSAGES.consolidationMixCar : null;
    }
  }
}

/**
 * Putting a parcel into `target`: not into a blocked one; not a delivered or cancelled parcel; not one already here
 * or in another consolidation (a parcel travels in one); and the kinds must not mix.
 */
export function addParcelRefusal(target: ConsolidationState, parcel: ParcelCandidate): string | null {
  return (
    changeRefusal(target) ??
    (isFinalStatus(parcel.status) ? MESSAGES.consolidationParcelFinal : null) ??
    (parcel.consolidationId === target.id ? MESSAGES.consolidationItemPresent : null) ??
    (parcel.consolidationId !== null ? MESSAGES.consolidationItemTaken : null) ??
    mixRefusal(target, parcel.isLandmark)
  );
}

/**
 * Putting a consolidation into `target`: only a car holds consolidations (SPEC 4: "a consolidation cannot be added to
 * a regular consolidation"), not a blocked car, not itself, not another car, not one already held; and the kinds
 * must not mix (a Landmark consolidation counts as Landmark, a normal one as other).
 */
export function addConsolidationRefusal(
  target: ConsolidationState,
  child: ConsolidationCandidate,
): string | null {
  return (
    changeRefusal(target) ??
    (target.type !== 'car' ? MESSAGES.consolidationIntoRegular : null) ??
    (child.id === target.id ? MESSAGES.consolidationIntoItself : null) ??
    (child.type === 'car' ? MESSAGES.consolidationCarInside : null) ??
    (child.parentId === target.id ? MESSAGES.consolidationItemPresent : null) ??
    (child.parentId !== null ? MESSAGES.consolidationItemTaken : null) ??
    mixRefusal(target, child.isLandmark)
  );
}

/** Taking a parcel or a held consolidation out of `target`: not out of a blocked one, and only what it holds. */
export function removeRefusal(target: ConsolidationState, holdsIt: boolean): string | null {
  return changeRefusal(target) ?? (holdsIt ? null : MESSAGES.consolidationItemAbsent);
}

/** Whether a consolidation scan may go ahead: not a blocked consolidation, and not an empty one. */
export function scanRefusal(c: { isBlocked: boolean }, parcelCount: number): string | null {
  return changeRefusal(c) ?? (parcelCount === 0 ? MESSAGES.consolidationEmpty : null);
}

/** Digits after "CS" in a consolidation barcode (contracts CONSOLIDATION_BARCODE). */
const BARCODE_DIGITS = 10;

/** A new consolidation barcode from a source of random integers below 10 (crypto in the API). */
export function newConsolidationBarcode(randomDigit: () => number): string {
  let digits = '';
  for (let i = 0; i < BARCODE_DIGITS; i++) digits += String(Math.abs(Math.trunc(randomDigit())) % 10);
  return `CS${digits}`;
}
