import { AnchorButton, Button, Callout, H1, H2, HTMLTable, Intent } from '@blueprintjs/core';
import { contract, wallScreenPath, type WallScreenLinkView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteQuery } from '../../../api/query';
import { canAtom } from '../../../session/session';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { formatDateTime } from '../../../ui/format';
import { QueryGate } from '../../../ui/QueryGate';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { wallScreensApi } from '../api';
import { IssueLinkForm } from '../components/IssueLinkForm';

/**
 * Operating module → Wall screens (issue 14 item 5, decision 0129): the links that open a terminal's wall screen
 * without sign-in. Admins issue a link (shown once) and revoke it (its screens go dark at once); the warehouse sees
 * the list and opens a terminal's wall screen signed in.
 */
export function WallScreensPage() {
  usePageTitle('wallScreens.title');
  const can = useAtomValue(canAtom);
  const query = useRouteQuery(contract.wallScreens.list);
  const writer = can('wallScreens.write');
  return (
    <div className="depot-page" data-testid="page-wall-screens">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="wallScreens.title" />
        </H1>
      </div>
      <Callout intent={Intent.PRIMARY} icon="info-sign" className="depot-page-hint">
        <FormattedMessage id="wallScreens.hint" />
      </Callout>
      {writer ? <IssueLinkForm onIssued={() => void query.refetch()} /> : null}
      <H2 className="depot-wall-list-title">
        <FormattedMessage id="wallScreens.listTitle" />
      </H2>
      <QueryGate query={query}>
        {(data) => <LinkTable links={data.items} writer={writer} onChanged={() => void query.refetch()} />}
      </QueryGate>
    </div>
  );
}

function LinkTable(props: { links: WallScreenLinkView[]; writer: boolean; onChanged: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [revoking, setRevoking] = useState<WallScreenLinkView | null>(null);
  if (props.links.length === 0)
    return (
      <p data-testid="wall-links-empty">
        <FormattedMessage id="wallScreens.empty" />
      </p>
    );
  const revoke = (link: WallScreenLinkView) =>
    wallScreensApi.revoke(link.id).then(() => {
      notify.success({ id: 'wallScreens.revoked' });
      props.onChanged();
    }, notify.failure);
  return (
    <>
      <HTMLTable compact striped className="depot-wall-links" data-testid="wall-links">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="wallScreens.field.name" />
            </th>
            <th scope="col">
              <FormattedMessage id="scans.field.terminal" />
            </th>
            <th scope="col">
              <FormattedMessage id="wallScreens.field.createdBy" />
            </th>
            <th scope="col">
              <FormattedMessage id="wallScreens.field.createdAt" />
            </th>
            <th scope="col">
              <FormattedMessage id="wallScreens.field.lastSeenAt" />
            </th>
            <th scope="col">
              <FormattedMessage id="wallScreens.field.state" />
            </th>
            <th scope="col">
              <FormattedMessage id="wallScreens.actions" />
            </th>
          </tr>
        </thead>
        <tbody>
          {props.links.map((l) => (
            <tr key={l.id} data-testid="wall-link" data-name={l.name}>
              <td>{l.name}</td>
              <td>{l.terminal}</td>
              <td>{l.createdBy ?? '—'}</td>
              <td>{formatDateTime(l.createdAt)}</td>
              <td>
                {l.lastSeenAt ? (
                  formatDateTime(l.lastSeenAt)
                ) : (
                  <FormattedMessage id="wallScreens.neverSeen" />
                )}
              </td>
              <td data-testid="wall-link-state">
                {l.revokedAt ? (
                  <FormattedMessage id="wallScreens.revokedAt" values={{ at: formatDateTime(l.revokedAt) }} />
                ) : (
                  <FormattedMessage id="wallScreens.active" />
                )}
              </td>
              <td>
                <span className="depot-row-actions">
                  <AnchorButton
                    small
                    minimal
                    icon="desktop"
                    href={wallScreenPath(l.terminal)}
                    target="_blank"
                    rel="noopener"
                    aria-label={intl.formatMessage({ id: 'wallScreens.open' }, { terminal: l.terminal })}
                    title={intl.formatMessage({ id: 'wallScreens.open' }, { terminal: l.terminal })}
                    data-testid="wall-link-open"
                  />
                  {props.writer && !l.revokedAt ? (
                    <Button
                      small
                      minimal
                      icon="disable"
                      intent={Intent.DANGER}
                      onClick={() => setRevoking(l)}
                      aria-label={intl.formatMessage({ id: 'wallScreens.revoke' })}
                      title={intl.formatMessage({ id: 'wallScreens.revoke' })}
                      data-testid="wall-link-revoke"
                    />
                  ) : null}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <ConfirmDialog
        isOpen={revoking !== null}
        intent={Intent.DANGER}
        titleId="wallScreens.revokeTitle"
        messageId="wallScreens.revokeMessage"
        values={{ name: revoking?.name ?? '' }}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const link = revoking;
          setRevoking(null);
          if (link) void revoke(link);
        }}
      />
    </>
  );
}
