import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Suggest } from '@blueprintjs/select';
import { contract, type LogAuthor } from '@depot/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useRouteQueryWith } from '../../../api/query';
import { useDebounced } from '../../../ui/useDebounced';
import { useFailureToast } from '../../../ui/useFailureToast';
import { NoSuggestions, suggestItem } from '../../../ui/suggestItems';

const NO_AUTHORS: LogAuthor[] = [];

/** The author filter: a user found by name or e-mail. */
export function AuthorPicker(props: { value: LogAuthor | null; onChange: (a: LogAuthor | null) => void }) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 200).trim();
  // The users found for the typed text; the last answer stays listed while the next one comes.
  const found = useRouteQueryWith({ placeholderData: keepPreviousData }, contract.logs.authors, {
    query: debounced ? { search: debounced } : {},
  });
  useFailureToast(found.error);
  const items = found.data ?? NO_AUTHORS;

  return (
    <Suggest<LogAuthor>
      items={items}
      selectedItem={props.value}
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        if (q === '' && props.value) props.onChange(null);
      }}
      inputValueRenderer={(a) => a.name}
      itemsEqual="id"
      onItemSelect={props.onChange}
      noResults={<NoSuggestions messageId="logs.noAuthors" />}
      itemRenderer={suggestItem((a) => ({ text: a.name, label: a.email }), 'log-author-option')}
      inputProps={{
        placeholder: intl.formatMessage({ id: 'logs.pickAuthor' }),
        ...({ 'data-testid': 'logs-filter-author' } as object),
      }}
      popoverProps={{ minimal: true }}
      resetOnClose={false}
    />
  );
}
