import { type ExportFormat, type ExportJobResult } from '@depot/contracts';
import type { MassSelection } from '@depot/domain';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { useNotify } from '../useNotify';
import { useText } from '../useText';
import { exportJobToast } from './exportToasts';
import { EXPORT_FORMAT_LABELS, sendExport, type ExportTarget } from './exportTargets';
import { watchJob } from './jobWatch';
import { downloadUrl, saveBlob } from './saveFile';

/**
 * Exports a list's selection (decisions 0047, 0093) through its target, in one of the target's formats. A small
 * export comes back as the file and is saved at once; a large one runs as a job, followed in a sticky toast (live
 * progress, then "Download"), and the user may go on working, even on other screens.
 */
export function useExport<F, O>(target: ExportTarget<F, O>) {
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const realtime = useRealtime();
  const [busy, setBusy] = useState(false);

  const exportSelection = useCallback(
    async (selection: MassSelection<F, O>, format: ExportFormat = 'xlsx'): Promise<void> => {
      const request = target.request(selection, format);
      setBusy(true);
      // Listen before asking: a quick job may report before its id comes back.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const reply = await sendExport(request);
        if (reply.kind === 'file') {
          watch?.stop();
          const name = reply.fileName ?? `${target.name}.${format}`;
          saveBlob(reply.blob, name);
          notify.success({ id: 'export.saved', values: { name } });
          return;
        }
        const { jobId } = reply.body;
        const toast = exportJobToast(`export-${jobId}`);
        const running = (percent: number) =>
          toast.progress(
            intl.formatMessage({ id: 'export.runningAs' }, { percent, format: EXPORT_FORMAT_LABELS[format] }),
            percent,
          );
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
    [target, intl, notify, realtime, text],
  );

  return { exportSelection, busy };
}
