import {
  contract,
  LABELS_PDF_NAME,
  type LabelFormat,
  type LabelNotice,
  type LabelsJobResult,
  type LabelsStartedReply,
} from '@depot/contracts';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { FileOrJson } from '../../../api/client';
import { callFile } from '../../../api/contract-client';
import { ApiError } from '../../../api/errors';
import { useRealtime } from '../../../realtime/RealtimeProvider';
import { exportJobToast } from '../../../ui/export/exportToasts';
import { watchJob } from '../../../ui/export/jobWatch';
import { downloadUrl, saveBlob } from '../../../ui/export/saveFile';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { noticesOfHeaders, noticeTexts } from '../labelNotices';

/**
 * Prints labels (decisions 0057–0058): one parcel (`POST /order/generateLabelsForSinglePackage`, the dots menu's
 * "get label") or a selection (`POST /order/labels`). The file is saved at once and the SPEC 8 notices shown; a
 * large selection runs as the bulk label job, followed in a toast with live progress and then "Download".
 * "No package found" stays silent.
 */
export function useLabels() {
  const intl = useIntl();
  const text = useText();
  const notify = useNotify();
  const realtime = useRealtime();
  const [busy, setBusy] = useState(false);

  const show = useCallback(
    (notices: readonly LabelNotice[]) => {
      for (const n of noticeTexts(notices)) {
        const message = { id: n.id, values: n.values };
        if (n.kind === 'success') notify.success(message);
        else notify.info(message);
      }
    },
    [notify],
  );

  const run = useCallback(
    async (request: () => Promise<FileOrJson<LabelsStartedReply>>) => {
      setBusy(true);
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const reply = await request();
        if (reply.kind === 'file') {
          watch?.stop();
          saveBlob(reply.blob, reply.fileName ?? LABELS_PDF_NAME);
          show(noticesOfHeaders(reply.headers));
          return;
        }
        const { jobId } = reply.body;
        const toast = exportJobToast(`labels-${jobId}`);
        const running = (percent: number) =>
          toast.progress(intl.formatMessage({ id: 'labels.running' }, { percent }), percent);
        running(0);
        if (!watch) return;
        watch.track(jobId, {
          progress: (p) => running(p.progress),
          finished: (p) => {
            const result = p.result as LabelsJobResult;
            toast.ready(
              intl.formatMessage({ id: 'labels.ready' }, { count: result.labels, name: result.fileName }),
              intl.formatMessage({ id: 'export.download' }),
              () => downloadUrl(result.url),
            );
            show(result.notices);
          },
          failed: (p) =>
            toast.failed(intl.formatMessage({ id: 'labels.failed' }, { reason: text(p.message) })),
        });
      } catch (err) {
        watch?.stop();
        // SPEC 8: "No package found" is silent.
        if (err instanceof ApiError && err.body?.error === 'NoPackageFound') return;
        notify.failure(err);
      } finally {
        setBusy(false);
      }
    },
    [intl, notify, realtime, show, text],
  );

  const printLabel = useCallback(
    (id: string, opts: { isReturn?: boolean; format?: LabelFormat } = {}) =>
      run(async () => {
        const reply = await callFile(contract.labels.single, {
          body: { id, isReturn: opts.isReturn ?? false, format: opts.format ?? 'pdf' },
        });
        // One parcel's labels are always the file (never a job).
        if (reply.kind === 'json') throw new ApiError(reply.status, null);
        return reply;
      }),
    [run],
  );

  const printLabels = useCallback(
    (ids: readonly string[], format: LabelFormat = 'pdf') =>
      run(() => callFile(contract.labels.bulk, { body: { ids: [...ids], format } })),
    [run],
  );

  return { printLabel, printLabels, busy };
}
