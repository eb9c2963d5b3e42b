import { CATALOGUE, type Language } from '@depot/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { DateField } from './DateField';

/** A date field inside the panel's language, its value kept by the test as a filter would keep it. */
function Harness(props: { lang: Language; initial?: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <IntlProvider locale={props.lang} messages={CATALOGUE[props.lang]}>
      <DateField
        id="d"
        testId="d"
        value={value}
        onChange={(v) => {
          props.onChange(v);
          setValue(v);
        }}
      />
      <button type="button" onClick={() => setValue('2026-01-05')}>
        set
      </button>
      <button type="button" onClick={() => setValue('')}>
        clear
      </button>
    </IntlProvider>
  );
}

const input = () => screen.getByTestId('d') as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('DateField (decision 0126)', () => {
  it.each([
    ['en', '2026-11-27', 'yyyy-mm-dd'],
    ['pl', '27.11.2026', 'dd.mm.rrrr'],
  ] as const)(
    'in %s shows a date in the language order (%s) and its format as the placeholder',
    (lang, shown, hint) => {
      render(<Harness lang={lang} initial="2026-11-27" onChange={() => undefined} />);
      expect(input().value).toBe(shown);
      expect(input().placeholder).toBe(hint);
    },
  );

  it.each(['en', 'pl'] as const)('in %s accepts either order and reports yyyy-MM-dd', (lang) => {
    const changes: string[] = [];
    render(<Harness lang={lang} onChange={(v) => changes.push(v)} />);
    type('27.11.2026');
    type('2026-11-28');
    expect(changes).toEqual(['2026-11-27', '2026-11-28']);
  });

  it('marks text that is no date and changes nothing until it is one; blur writes the language order', () => {
    const changes: string[] = [];
    render(<Harness lang="pl" onChange={(v) => changes.push(v)} />);
    type('31.04.2026');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().title).toBe('To nie jest data: wpisz ją jako dd.mm.rrrr');
    expect(changes).toEqual([]);
    type('5.4.2026');
    expect(input().getAttribute('aria-invalid')).toBeNull();
    expect(changes).toEqual(['2026-04-05']);
    expect(input().value).toBe('5.4.2026');
    fireEvent.blur(input());
    expect(input().value).toBe('05.04.2026');
    type('');
    expect(changes).toEqual(['2026-04-05', '']);
  });

  it('follows a value set from outside (filters read from the address, cleared)', () => {
    render(<Harness lang="pl" onChange={() => undefined} />);
    fireEvent.click(screen.getByText('set'));
    expect(input().value).toBe('05.01.2026');
    fireEvent.click(screen.getByText('clear'));
    expect(input().value).toBe('');
  });
});
