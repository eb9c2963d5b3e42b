import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Suggest } from '@blueprintjs/select';
import type { ClientGroupType, ClientOption } from '@depot/contracts';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDebounced } from '../../../ui/useDebounced';
import { useNotify } from '../../../ui/useNotify';
import { clientGroupsApi } from '../api';
import { NoSuggestions, suggestItem } from '../../../ui/suggestItems';

/**
 * Finds a client to add to a group. It offers only the clients the server says a group of this type may take
 * (in no FV or AREA group; the edited group's own members stay offered — adding one again is an info).
 * `version` changes whenever the members change, so the offer is asked for again.
 */
export function EligibleClientPicker(props: {
  type: ClientGroupType;
  groupId?: string;
  version: number;
  disabled?: boolean;
  onPick: (client: ClientOption) => void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const [query, setQuery] = useState('');
  // The offer and the search it answers: an offer for an earlier search is not shown as if it answered this one.
  const [offer, setOffer] = useState<{ search: string; items: ClientOption[] }>({ search: '', items: [] });
  const debounced = useDebounced(query, 200);
  const { type, groupId, version } = props;

  useEffect(() => {
    let live = true;
    const search = debounced.trim();
    clientGroupsApi
      .eligible({ type, groupId, search: search || undefined, limit: 20 })
      .then((items) => live && setOffer({ search, items }), notify.failure);
    return () => {
      live = false;
    };
  }, [type, groupId, debounced, version, notify]);
  const answered = offer.search === query.trim();

  return (
    <Suggest<ClientOption>
      items={answered ? offer.items : []}
      selectedItem={null}
      query={query}
      onQueryChange={setQuery}
      inputValueRenderer={(c) => c.companyName}
      itemsEqual="id"
      onItemSelect={(c) => {
        setQuery('');
        props.onPick(c);
      }}
      disabled={props.disabled}
      noResults={<NoSuggestions messageId={answered ? 'clientGroups.noEligible' : 'suggest.searching'} />}
      itemRenderer={suggestItem(
        (c) => ({ text: c.companyName, label: c.shortName ?? undefined }),
        'group-client-option',
      )}
      inputProps={{
        placeholder: intl.formatMessage({ id: 'clientGroups.pickClient' }),
        leftIcon: 'search',
        // data-* attributes are not part of the input props type, but reach the input.
        ...({ 'data-testid': 'group-client-picker' } as object),
      }}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      resetOnClose
      resetOnSelect
      fill
    />
  );
}
