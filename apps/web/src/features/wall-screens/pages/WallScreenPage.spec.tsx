import { CATALOGUE, type ScanRecord } from '@depot/contracts';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { useWallFeed } from '../useWallFeed';
import { emptyCounts, loaded, withScans } from '../wall-state';
import { WallScreenPage } from './WallScreenPage';

const feed: { current: ReturnType<typeof useWallFeed> } = { current: { state: null, link: 'connecting' } };
jest.mock('../useWallFeed', () => ({ useWallFeed: () => feed.current }));

const scan = (seq: number, over: Partial<ScanRecord>): ScanRecord => ({
  seq,
  scanId: `scan-${seq}`,
  number: `N${seq}`,
  outcome: 'changed',
  message: null,
  status: 'inTransport',
  previousStatus: 'pickup',
  parcelId: null,
  internalNumber: `DEM${seq}`,
  consolidationId: null,
  sector: null,
  terminal: 'Zielona Góra',
  scannedBy: 'Olga Magazyn',
  scannedAt: '2026-01-15T09:15:07.000Z',
  createdAt: '2026-01-15T09:15:07.000Z',
  ...over,
});

const SCANS = [
  scan(1, {
    sector: { id: '11111111-1111-4111-8111-111111111111', sectorCountry: 'DE', sectorDescription: 'B1' },
  }),
  scan(2, { outcome: 'alreadyScanned', message: 'The package was scanned earlier' }),
  scan(3, { outcome: 'notFound', internalNumber: null, number: 'XYZ' }),
];

function renderIn(locale: 'en' | 'pl') {
  const errors: unknown[] = [];
  render(
    <IntlProvider locale={locale} messages={CATALOGUE[locale]} onError={(e) => errors.push(e)}>
      <WallScreenPage terminal="Zielona Góra" auth={{ kind: 'link', token: 'dpw_x' }} />
    </IntlProvider>,
  );
  return errors;
}

describe('WallScreenPage (decision 0129)', () => {
  it.each([
    ['en', 'No sector', 'Connection lost: reconnecting, missed scans will follow'],
    ['pl', 'Brak sektora', 'Utracono połączenie: łączę ponownie, pominięte skany zostaną dociągnięte'],
  ] as const)(
    'shows scans newest first with sector, sign and word, and the lost connection, in %s',
    (lang, noSector, lost) => {
      feed.current = { state: withScans(loaded([], emptyCounts('2026-01-15')), SCANS), link: 'lost' };
      const errors = renderIn(lang);
      expect(errors).toEqual([]);
      expect(screen.getByTestId('wall-state-word').textContent).toBe(lost);
      const rows = screen.getAllByTestId('wall-scan');
      expect(rows.map((r) => r.getAttribute('data-number'))).toEqual(['XYZ', 'N2', 'N1']);
      expect(rows.map((r) => within(r).getByTestId('wall-scan-sector').textContent)).toEqual([
        noSector,
        noSector,
        'DE B1',
      ]);
      const messages = CATALOGUE[lang];
      expect(rows.map((r) => within(r).getByTestId('wall-scan-outcome').textContent)).toEqual([
        `? ${messages['scans.outcome.notFound']}`,
        `↺ ${messages['scans.outcome.alreadyScanned']}`,
        `✔ ${messages['scans.outcome.changed']}`,
      ]);
      // 10:15:07 in Warsaw; the counts of the shift beside them.
      expect(rows[2].textContent).toContain('10:15:07');
      expect(screen.getByTestId('wall-total-changed').textContent).toContain('1');
      expect(screen.getByTestId('wall-by-hour').textContent).toContain('10:00–10:59');
      expect(screen.getByTestId('wall-by-sector').textContent).toContain(noSector);
    },
  );

  it('says so when the link was revoked', () => {
    feed.current = { state: null, link: 'revoked' };
    renderIn('en');
    expect(screen.getByTestId('wall-notice').textContent).toBe(CATALOGUE.en['wall.notice.revoked']);
  });
});
