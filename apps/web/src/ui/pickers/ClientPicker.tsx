import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Suggest } from '@blueprintjs/select';
import type { ClientOption } from '@depot/contracts';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDebounced } from '../useDebounced';
import { useNotify } from '../useNotify';
import { clientOptions } from './clientOptions';
import { NoSuggestions, suggestItem } from '../suggestItems';

/** Picks the client of a client user, searching by company or short name as one types. */
export function ClientPicker(props: {
  value: { id: string; name: string } | null;
  onChange: (client: ClientOption) => void;
  intent?: 'none' | 'danger';
  /** The input's test id (default `user-client`). */
  testId?: string;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<ClientOption[]>([]);
  const debounced = useDebounced(query, 200);

  useEffect(() => {
    let live = true;
    clientOptions(debounced).then((found) => live && setItems(found), notify.failure);
    return () => {
      live = false;
    };
  }, [debounced, notify]);

  const selected = props.value
    ? (items.find((c) => c.id === props.value!.id) ?? {
        id: props.value.id,
        companyName: props.value.name,
        shortName: null,
        active: true,
      })
    : null;

  return (
    <Suggest<ClientOption>
      items={items}
      selectedItem={selected}
      query={query}
      onQueryChange={setQuery}
      inputValueRenderer={(c) => c.companyName}
      itemsEqual="id"
      onItemSelect={props.onChange}
      noResults={<NoSuggestions messageId="users.noClients" />}
      itemRenderer={suggestItem(
        (c) => ({ text: c.companyName, label: c.shortName ?? undefined }),
        'client-option',
      )}
      inputProps={{
        placeholder: intl.formatMessage({ id: 'users.pickClient' }),
        intent: props.intent,
        // data-* attributes are not part of the input props type, but reach the input.
        ...({ 'data-testid': props.testId ?? 'user-client' } as object),
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      resetOnClose={false}
      fill
    />
  );
}
