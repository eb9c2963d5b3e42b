import type { ImportHeadersReply } from '@depot/contracts';
import { useEffect, useState } from 'react';
import { describeError, type ErrorText } from '../../../api/errors';
import { importsApi } from '../api';

/** What the mapping step knows of the chosen file: nothing yet, being read, read, or refused with why. */
export type FileColumns =
  | { status: 'idle' }
  | { status: 'reading' }
  | { status: 'read'; reply: ImportHeadersReply }
  | { status: 'failed'; error: ErrorText };

type Answer = { file: File; clientId: string | null } & (
  { status: 'read'; reply: ImportHeadersReply } | { status: 'failed'; error: ErrorText }
);

/**
 * The chosen file's headers, first rows, recognised columns and the client's presets that fit (decision 0152), read
 * by the API as soon as the file (and, for staff, the client) is chosen. `clientId` undefined: not known yet (staff
 * have not picked one), so nothing is read; null: the caller's own client.
 */
export function useFileColumns(file: File | null, clientId: string | null | undefined): FileColumns {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!file || clientId === undefined) return;
    let current = true;
    importsApi.headers(file, clientId).then(
      (reply) => current && setAnswer({ file, clientId, status: 'read', reply }),
      (err: unknown) => current && setAnswer({ file, clientId, status: 'failed', error: describeError(err) }),
    );
    return () => {
      current = false;
    };
  }, [file, clientId]);
  if (!file || clientId === undefined) return { status: 'idle' };
  if (!answer || answer.file !== file || answer.clientId !== clientId) return { status: 'reading' };
  return answer.status === 'read' ? { status: 'read', reply: answer.reply } : answer;
}
