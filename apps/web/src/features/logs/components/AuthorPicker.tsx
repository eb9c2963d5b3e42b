import { MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import type { LogAuthor } from '@depot/contracts';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { logsApi } from '../api';

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
      noResults={
        <MenuItem disabled text={<FormattedMessage id="logs.noAuthors" />} roleStructure="listoption" />
      }
      itemRenderer={(a, { handleClick, handleFocus, modifiers }) =>
        modifiers.matchesPredicate ? (
          <MenuItem
            key={a.id}
            roleStructure="listoption"
            active={modifiers.active}
            text={a.name}
            label={a.email}
            onClick={handleClick}
            onFocus={handleFocus}
            data-testid="log-author-option"
          />
        ) : null
      }
      inputProps={{
        placeholder: intl.formatMessage({ id: 'logs.pickAuthor' }),
        ...({ 'data-testid': 'logs-filter-author' } as object),
      }}
      popoverProps={{ minimal: true }}
      resetOnClose={false}
    />
  );
}
