import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CATALOGUE } from '@depot/contracts';
import { render, screen } from '@testing-library/react';
import type { ParcelView } from '@depot/contracts';
import { IntlProvider } from 'react-intl';
import { ParcelDetailsRouting } from './ParcelDetailsRouting';

const { en, pl } = CATALOGUE;

const DPD = { id: '00000000-0000-4000-8000-000000000001', name: 'DPD Polska' };
const UPS = { id: '00000000-0000-4000-8000-000000000002', name: 'UPS Standard' };
const MATRIX = { id: '00000000-0000-4000-8000-000000000003', name: 'Routing domyślny' };

/** A parcel routed by the default matrix (only what the routing card reads). */
function parcel(routing: Partial<NonNullable<ParcelView['routing']>> = {}): ParcelView {
  return {
    operatorName: routing.carrierChange ? UPS.name : DPD.name,
    isCorrect: true,
    routing: {
      primaryMatrix: null,
      defaultMatrix: MATRIX,
      clientMatrixTitle: null,
      clientMatrixMissing: false,
      ok: true,
      operator: routing.carrierChange ? UPS : DPD,
      matrix: MATRIX,
      condition: {
        id: '00000000-0000-4000-8000-000000000004',
        position: 1,
        pickupCountry: 'PL',
        destinationCountry: 'DE',
        maxWeightKg: 30,
        operatorId: DPD.id,
        operatorName: DPD.name,
      },
      specificity: 'exact',
      fallback: false,
      skipped: [],
      routedAt: '2026-11-02T10:00:00.000Z',
      ...routing,
    },
  } as unknown as ParcelView;
}

const change = (changedByName: string | null) => ({
  from: DPD,
  to: UPS,
  changedAt: '2026-11-20T09:30:00.000Z',
  changedById: changedByName ? '00000000-0000-4000-8000-000000000005' : null,
  changedByName,
});

const renderIn = (messages: Record<string, string>, locale: string, p: ParcelView) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IntlProvider locale={locale} messages={messages}>
        <ParcelDetailsRouting parcel={p} />
      </IntlProvider>
    </QueryClientProvider>,
  );

describe('ParcelDetailsRouting', () => {
  it('shows no carrier change for a parcel routing placed', () => {
    renderIn(en, 'en', parcel());
    expect(screen.queryByTestId('parcel-carrier-change')).toBeNull();
    expect(screen.getByTestId('parcel-carrier').textContent).toContain('DPD Polska');
  });

  it('tells which carrier routing chose and who moved the parcel to which, in English', () => {
    renderIn(en, 'en', parcel({ carrierChange: change('Anna Admin') }));
    const notice = screen.getByTestId('parcel-carrier-change').textContent ?? '';
    expect(notice).toContain('Routing chose DPD Polska');
    expect(notice).toContain('moved to UPS Standard');
    expect(notice).toContain('Anna Admin');
  });

  it('in Polish, and without a name when no person made the change', () => {
    renderIn(pl, 'pl', parcel({ carrierChange: change(null) }));
    const notice = screen.getByTestId('parcel-carrier-change').textContent ?? '';
    expect(notice).toContain('Routing wybrał DPD Polska');
    expect(notice).toContain('przeniesiono do UPS Standard');
    expect(notice).not.toContain('null');
  });
});
