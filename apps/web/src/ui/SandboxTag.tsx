import { Intent } from '@blueprintjs/core';
import { contract } from '@depot/contracts';
import { useCallback, useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteQuery } from '../api/query';
import { Tag } from './Tag';

/**
 * Which carriers are the demo's sandboxes (decision 0148): the app answers for them itself, nothing reaches the real
 * carrier. Read once and cached; a list asks it once and marks its rows with `SandboxMark`.
 */
export function useSandboxCarriers(): (operatorId: string | null | undefined) => boolean {
  const query = useRouteQuery(contract.carrierRegistration.sandboxes);
  const ids = useMemo(() => new Set(query.data?.operatorIds ?? []), [query.data]);
  return useCallback((operatorId) => Boolean(operatorId && ids.has(operatorId)), [ids]);
}

/** "sandbox" beside a carrier's name. */
export function SandboxMark() {
  return (
    <>
      {' '}
      <Tag minimal intent={Intent.WARNING} data-testid="carrier-sandbox">
        <FormattedMessage id="carriers.sandbox" />
      </Tag>
    </>
  );
}

/** "sandbox" beside one carrier's name when it is a sandbox; nothing otherwise. */
export function SandboxTag(props: { operatorId: string | null | undefined }) {
  const isSandbox = useSandboxCarriers();
  return isSandbox(props.operatorId) ? <SandboxMark /> : null;
}
