import { logEntityWord, logTypeWord, type LogListItem } from '@depot/contracts';
import { logAuthorName, type LogFieldName } from '@depot/domain';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/**
 * Log entries in the panel's language: types and entities by their catalogue words (one the app does not write,
 * e.g. written by an older version, as recorded), the author by name, a recorded field by its words.
 */
export function useLogLabels() {
  const intl = useIntl();
  return useMemo(() => {
    const word = (id: string | undefined, fallback: string) => (id ? intl.formatMessage({ id }) : fallback);
    return {
      type: (type: string) => word(logTypeWord(type), type),
      entity: (entity: string) => word(logEntityWord(entity), entity),
      author: (e: Pick<LogListItem, 'createdById' | 'authorName' | 'authorEmail' | 'apiKeyId'>) => {
        const author = logAuthorName(e);
        if (author.kind === 'person') return author.name;
        return intl.formatMessage({ id: author.kind === 'apiKey' ? 'logs.apiKey' : 'logs.system' });
      },
      /** A recorded field by the words of its path (`Standard pickup address › City`). */
      field: (name: LogFieldName[]) => name.map((n) => word(n.word, n.key)).join(' › '),
    };
  }, [intl]);
}
