import { HTMLSelect } from '@blueprintjs/core';
import { LANGUAGES, type Language } from '@depot/contracts/base';
import { useIntl } from 'react-intl';
import { isLanguage } from '../i18n/language';

/** The language switch (en/pl), each language named in its own words: the top bar's and the sign-in page's. */
export function LanguageSelect(props: {
  value: Language;
  onChange: (lang: Language) => void;
  testId: string;
}) {
  const intl = useIntl();
  return (
    <HTMLSelect
      minimal
      aria-label={intl.formatMessage({ id: 'layout.language' })}
      data-testid={props.testId}
      value={props.value}
      onChange={(e) => {
        const lang = e.currentTarget.value;
        if (isLanguage(lang)) props.onChange(lang);
      }}
      options={LANGUAGES.map((l) => ({ value: l, label: intl.formatMessage({ id: `language.${l}` }) }))}
    />
  );
}
