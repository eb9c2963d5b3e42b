import { Intent } from '@blueprintjs/core';
import type { WeightLineOutcome } from '@depot/contracts';

/** A line's outcome in words (catalogue ids) and colour. */
export const OUTCOME_WORDS: Record<WeightLineOutcome, string> = {
  matched: 'weights.outcome.matched',
  overDeclared: 'weights.outcome.overDeclared',
  unmatched: 'weights.outcome.unmatched',
  invalid: 'weights.outcome.invalid',
};

export const OUTCOME_INTENTS: Record<WeightLineOutcome, Intent> = {
  matched: Intent.SUCCESS,
  overDeclared: Intent.WARNING,
  unmatched: Intent.NONE,
  invalid: Intent.DANGER,
};
