import {
  CATALOGUE,
  LANGUAGES,
  ORDER_TYPES,
  PARCEL_SOURCES,
  PARCEL_STATUSES,
  type MessageId,
} from '@depot/contracts';
import { tableOf } from '../../exports/export-workbook';
import type { ExportSource } from '../../exports/export-source';
import { PARCEL_EXPORT_COLUMNS } from './parcels.export-source';

/** The xlsx file names a parcel's status, order type and source as the panel does, in the reader's language. */
describe('parcel export: coded columns in words', () => {
  const source = { title: 'parcels.title', columns: PARCEL_EXPORT_COLUMNS } as unknown as ExportSource;
  const coded = { status: PARCEL_STATUSES, orderType: ORDER_TYPES, source: PARCEL_SOURCES } as const;

  it.each(LANGUAGES)('%s: every code has its catalogue name', (lang) => {
    const table = tableOf(source, lang);
    for (const [key, codes] of Object.entries(coded)) {
      const words = table.columns.find((c) => c.key === key)?.words;
      expect(words).toBeDefined();
      for (const code of codes) {
        const id = `parcels.${key}.${code}` as MessageId;
        expect(CATALOGUE[lang][id]).toEqual(expect.any(String));
        expect(words?.(code)).toBe(CATALOGUE[lang][id]);
      }
    }
  });

  it('Polish and English names differ where the panel translates them; an unknown code stays as it is', () => {
    const pl = tableOf(source, 'pl').columns.find((c) => c.key === 'status')?.words;
    const en = tableOf(source, 'en').columns.find((c) => c.key === 'status')?.words;
    expect(pl?.('new')).toBe(CATALOGUE.pl['parcels.status.new']);
    expect(pl?.('new')).not.toBe(en?.('new'));
    expect(pl?.('no-such-status')).toBe('no-such-status');
    expect(tableOf(source, 'pl').columns.find((c) => c.key === 'clientName')?.words).toBeUndefined();
  });
});
