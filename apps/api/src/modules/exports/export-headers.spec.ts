import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'csv-parse/sync';
import { CATALOGUE, catalogueText, LANGUAGES, type MessageId } from '@depot/contracts';
import { writeCsv } from './csv-writer';
import { ExportRegistry, type ExportSource } from './export-source';
import { tableOf } from './export-workbook';

/**
 * Every header and title an export writes is a catalogue entry (issue "One source for every fact", item 4): the
 * panel's own label for the field, so a file reads exactly as the panel does, in either language.
 */

const MODULES_DIR = join(__dirname, '..');
const WEB_FEATURES_DIR = join(__dirname, '../../../../web/src/features');

/** Every export source class found in a *.export-source.ts file under src/modules, made with stub collaborators. */
async function exportSources(): Promise<{ file: string; source: ExportSource }[]> {
  const files = (readdirSync(MODULES_DIR, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.export-source.ts'))
    .map((f) => join(MODULES_DIR, f));
  const found: { file: string; source: ExportSource }[] = [];
  for (const file of files) {
    for (const value of Object.values((await import(file)) as Record<string, unknown>)) {
      if (typeof value !== 'function' || typeof value.prototype?.rows !== 'function') continue;
      // The constructors only keep their collaborators: the registry, and repositories never called here.
      const Source = value as new (...args: unknown[]) => ExportSource;
      found.push({ file: relative(MODULES_DIR, file), source: new Source(new ExportRegistry(), {}) });
    }
  }
  return found;
}

/** A list page's column title ids by column id, and its page title id, read from the panel's source. */
function listPage(path: string): { columns: Map<string, string>; title: string | undefined } {
  const text = readFileSync(join(WEB_FEATURES_DIR, path), 'utf8');
  const columns = new Map(
    [...text.matchAll(/\bid: '(\w+)',\s*titleId: '([\w.]+)'/g)].map((m) => [m[1], m[2]]),
  );
  return { columns, title: /titleId="([\w.]+)"/.exec(text)?.[1] };
}

/** Where each export's list lives in the panel, and which of its columns show an exported field by another key. */
const LIST_PAGES: Record<string, { path: string; keyOfColumn?: Record<string, string> }> = {
  parcels: {
    path: 'parcels/hooks/useParcelsListColumns.tsx',
    keyOfColumn: { client: 'clientName', carrier: 'operatorName' },
  },
  clients: { path: 'clients/pages/ClientsListPage.tsx' },
  matrices: { path: 'matrices/pages/MatricesListPage.tsx', keyOfColumn: { name: 'matrix' } },
  operators: { path: 'operators/pages/OperatorsListPage.tsx' },
};

describe('export headers and titles', () => {
  let sources: { file: string; source: ExportSource }[];
  beforeAll(async () => {
    sources = await exportSources();
  });

  it('finds the export sources', () => {
    expect(sources.map((s) => s.source.entity).sort()).toEqual([
      'clients',
      'matrices',
      'operators',
      'parcels',
    ]);
  });

  it.each(LANGUAGES)('names every title and header by a catalogue entry without arguments (%s)', (lang) => {
    const bad: string[] = [];
    for (const { file, source } of sources) {
      const ids: MessageId[] = [source.title, ...source.columns.map((c) => c.header)];
      for (const id of ids) {
        const text = (CATALOGUE[lang] as Record<string, string | undefined>)[id];
        if (typeof text !== 'string' || text.trim() === '' || /[{}]/.test(text)) bad.push(`${file}: ${id}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it.each(LANGUAGES)('heads no two columns of one export alike (%s)', (lang) => {
    const repeated: string[] = [];
    for (const { file, source } of sources) {
      const seen = new Map<string, string>();
      for (const c of source.columns) {
        const text = catalogueText(lang, c.header);
        const other = seen.get(text);
        if (other !== undefined) repeated.push(`${file}: ${other} and ${c.key} both read "${text}"`);
        seen.set(text, c.key);
      }
      const keys = source.columns.map((c) => c.key);
      for (const k of keys.filter((k, i) => keys.indexOf(k) !== i)) repeated.push(`${file}: key ${k} twice`);
    }
    expect(repeated).toEqual([]);
  });

  it('heads each field its panel list shows as the list does, and is titled as the list page is', () => {
    const differ: string[] = [];
    for (const { source } of sources) {
      const page = LIST_PAGES[source.entity];
      expect(page).toBeDefined();
      const list = listPage(page.path);
      expect(list.columns.size).toBeGreaterThan(3);
      if (list.title !== undefined && list.title !== source.title)
        differ.push(`${source.entity}: title ${source.title}, the list's ${list.title}`);
      for (const [columnId, titleId] of list.columns) {
        const key = page.keyOfColumn?.[columnId] ?? columnId;
        const column = source.columns.find((c) => c.key === key);
        if (column && column.header !== titleId)
          differ.push(`${source.entity}.${key}: ${column.header}, the list's ${titleId}`);
      }
    }
    expect(differ).toEqual([]);
  });

  it('writes the parcels export in Polish with the panel list’s order type and destination country', async () => {
    const parcels = sources.find((s) => s.source.entity === 'parcels')!.source;
    async function* none() {}
    const { content } = await writeCsv(tableOf(parcels, 'pl'), 'pl', none());
    const [header] = parse(content.toString('utf8'), { bom: true }) as string[][];
    const headerOf = (key: string) => header[parcels.columns.findIndex((c) => c.key === key)];
    expect(headerOf('orderType')).toBe(catalogueText('pl', 'parcels.field.orderType'));
    expect(headerOf('destinationCountry')).toBe(catalogueText('pl', 'parcels.field.destinationCountry'));
    // The export used to carry its own copies, drifted to "Typ zamówienia" and "Kraj docelowy".
    expect(headerOf('orderType')).not.toBe('Typ zamówienia');
    expect(headerOf('destinationCountry')).not.toBe('Kraj docelowy');
  });
});
