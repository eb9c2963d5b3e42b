import {
  EXPORT_LISTS,
  type ExportEntity,
  type ExportJobResult,
  type ExportStartedReply,
} from '@depot/contracts';
import type { MassSelection } from '@depot/domain';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { apiFile } from '../../api/client';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { useNotify } from '../useNotify';
import { useText } from '../useText';
import { exportJobToast } from './exportToasts';
import { watchJob } from './jobWatch';
import { downloadUrl, saveBlob } from './saveFile';

/**
 * Exports a list's selection to xlsx (decision 0047): `POST /api/{list}/mass/action` with the list's MassSelection.
 * A small export comes back as the file and is saved at once; a large one runs as a job, followed in a sticky
 * toast (live progress, then "Download"), and the user may go on working, even on other screens.
 */
export function useExport(entity: ExportEntity) {
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const realtime = useRealtime();
  const [busy, setBusy] = useState(false);

  const exportSelection = useCallback(
    async <F, O>(selection: MassSelection<F, O>): Promise<void> => {
      const list = EXPORT_LISTS[entity];
      setBusy(true);
      // Listen before asking: a quick job may report before its id comes back.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const reply = await apiFile<ExportStartedReply>('POST', `/${list.path}/mass/action`, {
          actionName: list.actionName,
          ...selection,
        });
        if (reply.kind === 'file') {
          watch?.stop();
          const name = reply.fileName ?? `${entity}.xlsx`;
          saveBlob(reply.blob, name);
          notify.success({ id: 'export.saved', values: { name } });
          return;
        }
        const { jobId } = reply.body;
        const toast = exportJobToast(`export-${jobId}`);
        const running = (percent: number) =>
          toast.progress(intl.formatMessage({ id: 'export.running' }, { percent }), percent);
        running(0);
        if (!watch) return;
        watch.track(jobId, {
          progress: (p) => running(p.progress),
          finished: (p) => {
            const result = p.result as ExportJobResult;
            toast.ready(
              intl.formatMessage({ id: 'export.ready' }, { count: result.rows, name: result.fileName }),
              intl.formatMessage({ id: 'export.download' }),
              () => downloadUrl(result.url),
            );
          },
          failed: (p) =>
            toast.failed(intl.formatMessage({ id: 'export.failed' }, { reason: text(p.message) })),
        });
      } catch (err) {
        watch?.stop();
        notify.failure(err);
      } finally {
        setBusy(false);
      }
    },
    [entity, intl, notify, realtime, text],
  );

  return { exportSelection, busy };
}
