import {
  CLIENT_GROUP_ERROR_CODES,
  type ClientGroupMember,
  type ClientGroupSaveReply,
  type ClientInOtherGroupDetails,
} from '@depot/contracts';
import { useMemo } from 'react';
import { ApiError } from '../../api/errors';
import { useNotify } from '../../ui/useNotify';
import { useText } from '../../ui/useText';

/** A client's name as the group screens show it. */
export const memberLabel = (c: Pick<ClientGroupMember, 'companyName' | 'shortName'>) =>
  c.shortName ? `${c.companyName} (${c.shortName})` : c.companyName;

/**
 * The group screens' notices: the info list of a save (SPEC 8 "Duplicate client in a group: info"), and the
 * refusal of a client another FV or AREA group holds, naming that group, in the panel's language.
 */
export function useGroupNotices() {
  const notify = useNotify();
  const text = useText();
  return useMemo(
    () => ({
      alreadyInGroup: (client: ClientGroupMember) =>
        notify.info(text({ id: 'clientGroups.alreadyInGroup', values: { client: memberLabel(client) } })),
      saveInfo: (reply: ClientGroupSaveReply) => {
        for (const i of reply.info)
          notify.info(text({ id: 'clientGroups.alreadyInGroup', values: { client: memberLabel(i.client) } }));
      },
      /** Shows the refusal and returns true when `err` is one; false for any other error. */
      refusal: (err: unknown): boolean => {
        if (!(err instanceof ApiError) || err.body?.error !== CLIENT_GROUP_ERROR_CODES.clientInOtherGroup)
          return false;
        const details = err.body.details as ClientInOtherGroupDetails | undefined;
        for (const r of details?.refused ?? []) {
          notify.error(
            text({
              id: 'clientGroups.inOtherGroup',
              values: { client: memberLabel(r.client), name: r.groupName },
            }),
          );
        }
        return true;
      },
    }),
    [notify, text],
  );
}
