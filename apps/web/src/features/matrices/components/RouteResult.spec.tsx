import { CATALOGUE, type RouteTestReply } from '@depot/contracts';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { RouteResult } from './RouteResult';

const { en, pl } = CATALOGUE;

const main = { id: '00000000-0000-4000-8000-000000000001', name: 'Main' };
const fallback = { id: '00000000-0000-4000-8000-000000000002', name: 'Default' };

const noMatch: RouteTestReply = {
  primaryMatrix: main,
  defaultMatrix: fallback,
  clientMatrixTitle: null,
  clientMatrixMissing: false,
  ok: false,
  reason: 'noMatch',
  searchedMatrices: [main, fallback],
};

describe('RouteResult: no condition matches (issue 13)', () => {
  it.each([
    ['en', en, 'No condition matches this parcel (searched: Main, Default).'],
    ['pl', pl, 'Żaden warunek nie pasuje do tej paczki (przeszukano: Main, Default).'],
  ])('names the searched matrices in %s', (locale, messages, expected) => {
    const errors: unknown[] = [];
    render(
      <IntlProvider locale={locale} messages={messages} onError={(e) => errors.push(e)}>
        <RouteResult reply={noMatch} />
      </IntlProvider>,
    );
    expect(screen.getByTestId('route-result').textContent).toBe(expected);
    expect(errors).toEqual([]);
  });
});
