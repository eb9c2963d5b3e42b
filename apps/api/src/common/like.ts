/** Escapes LIKE wildcards (`%`, `_`) and the escape character, so user text matches literally. */
export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern for "contains `s`" (undefined for no search). */
export const containsPattern = (s: string | undefined): string | undefined =>
  s ? `%${escapeLike(s)}%` : undefined;
