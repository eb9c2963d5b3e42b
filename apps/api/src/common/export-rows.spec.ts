import { MESSAGES } from '@depot/contracts';
import { z } from 'zod';
import { exportListSettings, keysetBatches } from './export-rows';

const settings = z.object({
  filters: z.object({ search: z.string().max(3).optional() }).default({}),
  orderBy: z.object({ field: z.enum(['name']), direction: z.enum(['asc', 'desc']) }),
});

describe('exportListSettings', () => {
  it("returns the selection's filters and order as the list takes them (no filters = none)", () => {
    expect(exportListSettings(settings, { orderBy: { field: 'name', direction: 'asc' } })).toEqual({
      filters: {},
      orderBy: { field: 'name', direction: 'asc' },
    });
  });

  it('refuses filters the list would refuse, naming every issue', () => {
    let caught: unknown;
    try {
      exportListSettings(settings, { filters: { search: 'long' }, orderBy: { field: 'x' } });
    } catch (err) {
      caught = err;
    }
    const reply = (
      caught as { getResponse(): { message: string; details: { path: string }[] } }
    ).getResponse();
    expect(reply.message).toBe(MESSAGES.exportFiltersInvalid);
    expect(reply.details.map((d) => d.path).sort()).toEqual([
      'filters.search',
      'orderBy.direction',
      'orderBy.field',
    ]);
  });
});

describe('keysetBatches', () => {
  it('reads page after page, passing each next cursor, until the last page', async () => {
    const cursors: (string | null)[] = [];
    const pages: Record<string, { items: number[]; nextCursor: string | null }> = {
      start: { items: [1, 2], nextCursor: 'b' },
      b: { items: [3], nextCursor: 'c' },
      c: { items: [], nextCursor: null },
    };
    const seen: number[][] = [];
    for await (const batch of keysetBatches(async (cursor) => {
      cursors.push(cursor);
      return pages[cursor ?? 'start'];
    }))
      seen.push(batch);
    expect(cursors).toEqual([null, 'b', 'c']);
    expect(seen).toEqual([[1, 2], [3], []]);
  });
});
