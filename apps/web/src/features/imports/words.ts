import { Intent } from '@blueprintjs/core';
import type { ImportDelimiter, ImportEncoding, ImportRowState, ImportState } from '@depot/contracts';

/** An import's state in words (decision 0150). */
export const STATE_WORDS: Record<ImportState, string> = {
  validating: 'imports.state.validating',
  ready: 'imports.state.ready',
  approving: 'imports.state.approving',
  done: 'imports.state.done',
  cancelled: 'imports.state.cancelled',
  failed: 'imports.state.failed',
};

export const STATE_INTENTS: Record<ImportState, Intent> = {
  validating: Intent.PRIMARY,
  ready: Intent.WARNING,
  approving: Intent.PRIMARY,
  done: Intent.SUCCESS,
  cancelled: Intent.NONE,
  failed: Intent.DANGER,
};

/** The states in which an import is still moving (the list and its page follow it live). */
export const MOVING_STATES: readonly ImportState[] = ['validating', 'approving'];

/** A row's state in words. */
export const ROW_STATE_WORDS: Record<ImportRowState, string> = {
  valid: 'imports.rowState.valid',
  invalid: 'imports.rowState.invalid',
  created: 'imports.rowState.created',
  discarded: 'imports.rowState.discarded',
};

export const ROW_STATE_INTENTS: Record<ImportRowState, Intent> = {
  valid: Intent.SUCCESS,
  invalid: Intent.DANGER,
  created: Intent.PRIMARY,
  discarded: Intent.NONE,
};

/** How a CSV's text was read, said to the person (a workbook is always UTF-8: its kind says it). */
export const ENCODING_WORDS: Record<ImportEncoding, string> = {
  'utf-8': 'imports.encoding.utf8',
  'utf-8-bom': 'imports.encoding.utf8Bom',
  'windows-1250': 'imports.encoding.windows1250',
};

/** A CSV's separator in words. */
export const DELIMITER_WORDS: Record<ImportDelimiter, string> = {
  ';': 'imports.delimiter.semicolon',
  ',': 'imports.delimiter.comma',
  '\t': 'imports.delimiter.tab',
};

/** The file's kind in words. */
export const KIND_WORDS: Record<'xlsx' | 'csv', string> = {
  xlsx: 'imports.kind.xlsx',
  csv: 'imports.kind.csv',
};
