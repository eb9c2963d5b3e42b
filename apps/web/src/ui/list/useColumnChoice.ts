import { useAtomValue } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { currentUserAtom } from '../../session/session';

/**
 * Which of a list's columns a person has hidden (decision 0122): kept in this browser's storage under the user's id
 * and the list's name, so each user of a shared browser keeps their own choice. What is stored is only the hidden
 * ids; a column the list adds later shows, one it drops is forgotten, and anything unreadable is no choice.
 */
export const columnChoiceKey = (userId: string, listId: string) => `depot.columns.${userId}.${listId}`;

export function readHidden(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed)
      ? parsed.filter((x): x is string => typeof x === 'string').slice(0, 100)
      : [];
  } catch {
    return [];
  }
}

function load(key: string | null, fallback: readonly string[]): string[] {
  if (!key) return [...fallback];
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? [...fallback] : readHidden(raw);
  } catch {
    return [...fallback];
  }
}

export interface ChoosableColumn {
  id: string;
  /** Never hidden (the column that links to the row's page). */
  alwaysShown?: boolean;
  /** Hidden until the person shows it. */
  hiddenByDefault?: boolean;
}

export function useColumnChoice<C extends ChoosableColumn>(listId: string | undefined, columns: C[]) {
  const me = useAtomValue(currentUserAtom);
  const key = listId && me ? columnChoiceKey(me.id, listId) : null;
  const defaults = useMemo(() => columns.filter((c) => c.hiddenByDefault).map((c) => c.id), [columns]);
  const [stored, setStored] = useState<{ key: string | null; hidden: string[] }>(() => ({
    key,
    hidden: load(key, defaults),
  }));
  // Another user signing in on the same page reads their own choice.
  const hidden = stored.key === key ? stored.hidden : load(key, defaults);

  const setHidden = useCallback(
    (next: string[]) => {
      setStored({ key, hidden: next });
      if (!key) return;
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage refused (private mode, full): the choice holds until the page is left.
      }
    },
    [key],
  );

  const shown = useMemo(
    () => columns.filter((c) => c.alwaysShown || !hidden.includes(c.id)),
    [columns, hidden],
  );
  const toggle = useCallback(
    (id: string) => setHidden(hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id]),
    [hidden, setHidden],
  );
  const reset = useCallback(() => setHidden([...defaults]), [defaults, setHidden]);
  return { shown, hidden, toggle, reset };
}
