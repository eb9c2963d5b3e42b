import { planLabels } from '@depot/domain';
import { labelParcel } from '../../../../test/labels/label-parcels';
import { zplField, zplLabel, zplLabels, zplModuleWidth } from './zpl-labels';

describe('ZPL labels', () => {
  const pages = planLabels(labelParcel({ packageCount: 3 }));

  it('one ^XA…^XZ block per package, in order', () => {
    const zpl = zplLabels(pages, 'pl');
    const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(blocks).toHaveLength(3);
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    expect(blocks.map((b) => /\^BCN,220,N,N,N\^FH_\^FD([^^]+)\^FS/.exec(b)?.[1])).toEqual([
      'DPD1234567890-1',
      'DPD1234567890-2',
      'DPD1234567890-3',
    ]);
    expect(blocks.map((b) => (/\^FD(\d\/3)\^FS/.exec(b) ?? [])[1])).toEqual(['1/3', '2/3', '3/3']);
  });

  it('is UTF-8 (^CI28) so Polish letters survive, sized for A6 at 203 dpi', () => {
    const label = zplLabel(pages[0], 'pl');
    expect(label.startsWith('^XA\n^CI28\n^PW800\n^LL1200')).toBe(true);
    const bytes = Buffer.from(label, 'utf8');
    expect(bytes.toString('utf8')).toContain('^FDGrzegorz Brzęczyszczykiewicz^FS');
    expect(label).toContain('^FD90-001 Łódź^FS');
    expect(label).toContain('^FDNadawca dodatkowy: Sklep Żabka^FS');
    expect(label).toContain('^FDPOBRANIE: 149.99 PLN^FS');
    expect(label).toContain('^FDDE^FS');
  });

  it('escapes the ZPL command characters in field data', () => {
    expect(zplField('a^b~c_d')).toBe('^FH_^FDa_5Eb_7Ec_5Fd^FS');
    const label = zplLabel({ ...pages[0], parcel: { ...pages[0].parcel, note1: '^XZ~JA' } }, 'en');
    expect(label.match(/\^XZ/g)).toHaveLength(1);
    expect(label).toContain('_5EXZ_7EJA');
  });

  it('keeps the barcode ASCII and narrows long values', () => {
    const label = zplLabel({ ...pages[0], barcode: 'ŁÓDŹ-1' }, 'en');
    expect(label).toContain('^BCN,220,N,N,N^FH_^FD??D?-1^FS');
    expect(zplModuleWidth('SHORT1')).toBe(3);
    expect(zplModuleWidth('A-VERY-LONG-NUMBER-123')).toBe(2);
  });

  it('no pages, no output', () => {
    expect(zplLabels([], 'en')).toBe('');
  });
});
