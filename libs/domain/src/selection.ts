/**
 * Row selection in lists (SPEC §4 "Selection"): either some rows picked one by one, or "all rows matching the
 * filter" minus the rows unchecked since (the exceptions). Immutable: every change returns a new value.
 */
export type Selection =
  { mode: 'some'; ids: ReadonlySet<string> } | { mode: 'all'; except: ReadonlySet<string> };

export const emptySelection = (): Selection => ({ mode: 'some', ids: new Set() });
export const allSelected = (): Selection => ({ mode: 'all', except: new Set() });

export function isSelected(sel: Selection, id: string): boolean {
  return sel.mode === 'some' ? sel.ids.has(id) : !sel.except.has(id);
}

/** Flips one row; in select-all mode an unchecked row becomes an exception. */
export function toggleRow(sel: Selection, id: string): Selection {
  const flip = (set: ReadonlySet<string>) => {
    const next = new Set(set);
    if (!next.delete(id)) next.add(id);
    return next;
  };
  return sel.mode === 'some'
    ? { mode: 'some', ids: flip(sel.ids) }
    : { mode: 'all', except: flip(sel.except) };
}

/** Sets several rows at once (shift-click ranges, keyboard). */
export function setRows(sel: Selection, ids: readonly string[], selected: boolean): Selection {
  if (sel.mode === 'some') {
    const next = new Set(sel.ids);
    for (const id of ids) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    return { mode: 'some', ids: next };
  }
  const except = new Set(sel.except);
  for (const id of ids) {
    if (selected) except.delete(id);
    else except.add(id);
  }
  return { mode: 'all', except };
}

/** How many rows are selected, given how many match the filter. */
export function selectedCount(sel: Selection, total: number): number {
  return sel.mode === 'some' ? sel.ids.size : Math.max(0, total - sel.except.size);
}

/**
 * Whether `selectedCount` is only a lower bound: select-all over a list whose server capped its count (more rows
 * match than `total`; parcels, decision 0084). Picked rows are always counted exactly.
 */
export function selectedCountIsLowerBound(sel: Selection, totalCapped: boolean): boolean {
  return totalCapped && sel.mode === 'all';
}

/** The header checkbox: all, none, or some (indeterminate). */
export function headerState(sel: Selection, total: number): 'all' | 'none' | 'some' {
  const n = selectedCount(sel, total);
  if (n === 0) return 'none';
  return sel.mode === 'all' && sel.except.size === 0 ? 'all' : n >= total && total > 0 ? 'all' : 'some';
}

/** A row removed from the data set leaves the selection too (it can no longer be acted on). */
export function forgetRow(sel: Selection, id: string): Selection {
  if (sel.mode === 'some' && sel.ids.has(id)) {
    const ids = new Set(sel.ids);
    ids.delete(id);
    return { mode: 'some', ids };
  }
  if (sel.mode === 'all' && sel.except.has(id)) {
    const except = new Set(sel.except);
    except.delete(id);
    return { mode: 'all', except };
  }
  return sel;
}

/** What a mass action sends: the picked ids, or the filter with `selectedAll` and the excepted ids. */
export interface MassSelection<F = unknown, O = unknown> {
  selectedAll: boolean;
  ids: string[];
  exceptId: string[];
  filters: F;
  orderBy: O;
}

export function toMassSelection<F, O>(sel: Selection, filters: F, orderBy: O): MassSelection<F, O> {
  return sel.mode === 'some'
    ? { selectedAll: false, ids: [...sel.ids], exceptId: [], filters, orderBy }
    : { selectedAll: true, ids: [], exceptId: [...sel.except], filters, orderBy };
}

/** How many rows a mass selection names, given how many match its filter (`selectedCount` of what was sent). */
export function massSelectionCount(
  sel: Pick<MassSelection, 'selectedAll' | 'ids' | 'exceptId'>,
  total: number,
): number {
  return sel.selectedAll ? Math.max(0, total - sel.exceptId.length) : sel.ids.length;
}

/** Server side: whether a row matching the filter is part of a mass selection. */
export function massSelectionIncludes(
  sel: Pick<MassSelection, 'selectedAll' | 'ids' | 'exceptId'>,
  id: string,
): boolean {
  return sel.selectedAll ? !sel.exceptId.includes(id) : sel.ids.includes(id);
}
