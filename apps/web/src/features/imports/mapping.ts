import { IMPORT_COLUMNS, type ImportColumn, type ImportHeadersReply } from '@depot/contracts';
import type { ImportColumnMap } from '@depot/domain';

/**
 * The upload dialog's mapping step (issue 16 item 1, decision 0152): which column of the file each field takes,
 * started from the recognised headers or a preset, changed field by field.
 */

/** A preset the step offers: the mapping it gives this file. */
export type PresetChoice = ImportHeadersReply['presets'][number];

export interface Mapping {
  map: ImportColumnMap;
  /** The preset the mapping started from ('' = the recognised headers). */
  presetId: string;
  /** The presets offered (the ones that fit, and any saved in the dialog). */
  presets: PresetChoice[];
}

/** The mapping a file starts with: its recognised headers, with the client's presets that fit it offered. */
export const initialMapping = (reply: ImportHeadersReply): Mapping => ({
  map: reply.recognized,
  presetId: '',
  presets: reply.presets,
});

/**
 * The field given the column at `index` (null: none). A column belongs to one field: the field that had it loses it,
 * so a mapping made here always fits the file.
 */
export function assignColumn(
  map: ImportColumnMap,
  field: ImportColumn,
  index: number | null,
): ImportColumnMap {
  const next: ImportColumnMap = {};
  for (const column of IMPORT_COLUMNS) {
    const at = map[column];
    if (column !== field && at !== undefined && at !== index) next[column] = at;
  }
  if (index !== null) next[field] = index;
  return next;
}

/** The mapping of a preset chosen from the list ('' goes back to the recognised headers). */
export function choosePreset(mapping: Mapping, reply: ImportHeadersReply, presetId: string): Mapping {
  const preset = mapping.presets.find((p) => p.id === presetId);
  return { ...mapping, presetId: preset ? preset.id : '', map: preset ? preset.columnMap : reply.recognized };
}

/** The mapping after it was saved as a preset: offered under its name (replacing one of that name) and chosen. */
export function withSavedPreset(mapping: Mapping, saved: { id: string; name: string }): Mapping {
  const preset: PresetChoice = { id: saved.id, name: saved.name, columnMap: mapping.map };
  const others = mapping.presets.filter((p) => p.id !== saved.id && p.name !== saved.name);
  const presets = [...others, preset].sort((a, b) => a.name.localeCompare(b.name));
  return { ...mapping, presetId: saved.id, presets };
}

/** The mapping after its preset was deleted: no longer offered; the columns chosen stay as they are. */
export const withoutPreset = (mapping: Mapping, id: string): Mapping => ({
  ...mapping,
  presetId: mapping.presetId === id ? '' : mapping.presetId,
  presets: mapping.presets.filter((p) => p.id !== id),
});

/** The non-blank sample values of the file's column at `index`. */
export const samplesOf = (sample: readonly (readonly string[])[], index: number | undefined): string[] =>
  index === undefined ? [] : sample.map((row) => row[index] ?? '').filter((v) => v !== '');
