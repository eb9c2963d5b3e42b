/**
 * Catalogue ids by their namespace (the part before the first dot), in first-seen order. The catalogue specs check
 * messages in a test per namespace that lists every failing id: a test per id cost most of their time.
 */
export function byNamespace(ids: string[]): [namespace: string, ids: string[]][] {
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const namespace = id.split('.')[0]!;
    groups.set(namespace, [...(groups.get(namespace) ?? []), id]);
  }
  return [...groups];
}
