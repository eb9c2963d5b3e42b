import { Button, Intent } from '@blueprintjs/core';
import type { ApiKeyView } from '@depot/contracts';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useNotify } from '../../../ui/useNotify';
import { apiKeysApi } from '../api';
import { RenameApiKeyDialog } from './RenameApiKeyDialog';

type Pending = { kind: 'deactivate' | 'delete'; key: ApiKeyView } | null;

/**
 * The row actions of the keys list (rename, activate or deactivate, delete) and their dialogs. Deactivating and
 * deleting ask first: the key stops working at once. The list itself updates from the live `apiKeys` room.
 */
export function useApiKeyActions(): { actions: (key: ApiKeyView) => ReactNode; dialogs: ReactNode } {
  const intl = useIntl();
  const notify = useNotify();
  const [renaming, setRenaming] = useState<ApiKeyView | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const setActive = (key: ApiKeyView, active: boolean) =>
    apiKeysApi
      .update(key.id, { active })
      .then(
        () => notify.success({ id: active ? 'apiKeys.activated' : 'apiKeys.deactivated' }),
        notify.failure,
      );
  const remove = (key: ApiKeyView) =>
    apiKeysApi.remove(key.id).then(() => notify.success({ id: 'apiKeys.deleted' }), notify.failure);

  const button = (icon: 'edit' | 'pause' | 'play' | 'trash', labelId: string, onClick: () => void) => (
    <Button
      small
      minimal
      icon={icon}
      intent={icon === 'trash' ? Intent.DANGER : Intent.NONE}
      title={intl.formatMessage({ id: labelId })}
      aria-label={intl.formatMessage({ id: labelId })}
      onClick={onClick}
      data-testid={`api-key-${labelId.split('.').pop()}`}
    />
  );

  const actions = (key: ApiKeyView) => (
    <span className="depot-row-actions">
      {button('edit', 'apiKeys.rename', () => setRenaming(key))}
      {key.active
        ? button('pause', 'apiKeys.deactivate', () => setPending({ kind: 'deactivate', key }))
        : button('play', 'apiKeys.activate', () => void setActive(key, true))}
      {button('trash', 'apiKeys.delete', () => setPending({ kind: 'delete', key }))}
    </span>
  );

  const dialogs = (
    <>
      <RenameApiKeyDialog apiKey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        isOpen={pending !== null}
        intent={pending?.kind === 'delete' ? Intent.DANGER : Intent.WARNING}
        titleId={pending?.kind === 'delete' ? 'apiKeys.deleteTitle' : 'apiKeys.deactivateTitle'}
        messageId={pending?.kind === 'delete' ? 'apiKeys.deleteMessage' : 'apiKeys.deactivateMessage'}
        values={{ name: pending?.key.name ?? '' }}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          if (p?.kind === 'delete') void remove(p.key);
          else if (p) void setActive(p.key, false);
        }}
      />
    </>
  );

  return { actions, dialogs };
}
