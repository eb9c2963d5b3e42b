/**
 * The number search of the parcels list (decision 0083): the term trimmed and upper-cased, or undefined for none.
 * The API matches `upper(number)` in the range `[term, prefixUpperBound(term))`, served by `text_pattern_ops` indexes.
 */
export function numberSearchTerm(search: string | undefined): string | undefined {
  const term = search?.trim().toUpperCase();
  return term ? term : undefined;
}

/**
 * The least string greater than every string that starts with `prefix`, comparing code points (which is how
 * PostgreSQL's `text_pattern_ops` compares UTF-8 bytes), or null when there is none (empty prefix, or it ends in
 * U+10FFFF). With it, "starts with" is the range `prefix <= s < bound`, which an index answers exactly
 * (decision 0098): the last code point is incremented (skipping the surrogate range, which UTF-8 never holds).
 */
export function prefixUpperBound(prefix: string): string | null {
  const points = Array.from(prefix);
  const last = points.pop();
  if (last === undefined) return null;
  const code = last.codePointAt(0)!;
  if (code >= 0x10ffff) return null;
  const next = code + 1 === 0xd800 ? 0xe000 : code + 1;
  return points.join('') + String.fromCodePoint(next);
}

/** Whether a parcel number starts with a normalised search term (an exact number matches too). */
export function numberMatchesSearch(number: string | null | undefined, term: string): boolean {
  return typeof number === 'string' && number.toUpperCase().startsWith(term);
}
