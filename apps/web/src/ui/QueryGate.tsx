import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ApiError, describeError } from '../api/errors';
import { NotFoundPage } from '../pages/NotFoundPage';
import { useText } from './useText';

/**
 * The one way a page waits for what it reads (decision 0109): a spinner while loading, the not-found page for a 404
 * (an unknown id, another client's row, a row deleted meanwhile), the error in the user's language with "Try again"
 * when the first read failed otherwise, and the page itself once the data is there.
 */
export function QueryGate<T>(props: { query: UseQueryResult<T, unknown>; children: (data: T) => ReactNode }) {
  const text = useText();
  const { query } = props;
  if (query.isPending) return <Spinner className="depot-page-spinner" />;
  // A row that is gone (deleted while on screen, too) reads as not found.
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
  // A failed refresh keeps showing what was read; a failed first read says why, with "Try again".
  if (query.isError && query.data === undefined) {
    return (
      <Callout intent={Intent.DANGER} data-testid="page-load-error">
        <p>{text(describeError(query.error))}</p>
        <Button onClick={() => void query.refetch()} data-testid="page-load-retry">
          <FormattedMessage id="list.retry" />
        </Button>
      </Callout>
    );
  }
  return <>{props.children(query.data as T)}</>;
}
