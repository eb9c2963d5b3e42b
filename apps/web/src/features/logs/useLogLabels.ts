import type { LogListItem } from '@depot/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * Names of log types and entities in the panel's language. Types are open-ended (each module adds its own), so
 * one without a message is shown as recorded (`operator.update`).
 */
export function useLogLabels() {
  const intl = useIntl();
  const label = useCallback(
    (id: string, fallback: string) => (id in intl.messages ? intl.formatMessage({ id }) : fallback),
    [intl],
  );
  return {
    type: useCallback((type: string) => label(`logs.type.${type}`, type), [label]),
    entity: useCallback((entity: string) => label(`logs.entity.${entity}`, entity), [label]),
    author: useCallback(
      (e: Pick<LogListItem, 'authorName' | 'authorEmail' | 'apiKeyId'>) =>
        e.authorName
          ? `${e.authorName} (${e.authorEmail ?? ''})`
          : intl.formatMessage({ id: e.apiKeyId ? 'logs.apiKey' : 'logs.system' }),
      [intl],
    ),
  };
}
