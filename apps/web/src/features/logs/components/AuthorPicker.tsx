import { Suggest } from '@blueprintjs/select';
import type { LogAuthor } from '@depot/contracts';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { logsApi } from '../api';
import { NoSuggestions, suggestItem } from '../../../ui/suggestItems';

/** The author filter: a user found by name or e-mail. */
export function AuthorPicker(props: { value: LogAuthor | null; onChange: (a: LogAuthor | null) => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<LogAuthor[]>([]);
  const debounced = useDebounced(query, 200);

  useEffect(() => {
    let live = true;
    logsApi.authors(debounced.trim()).then((found) => live && setItems(found), notify.failure);
    return () => {
      live = false;
    };
  }, [debounced, notify]);

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
