import { contract, type ExportFormat, type ExportJobResult, type RouteRequest } from '@depot/contracts';
import type { MassSelection } from '@depot/domain';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { callFile } from '../../api/contract-client';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { useNotify } from '../useNotify';
import { useText } from '../useText';
import { exportJobToast } from './exportToasts';
import { EXPORT_FORMAT_LABELS, type ExportTarget } from './exportTargets';
import { watchJob } from './jobWatch';
import { downloadUrl, saveBlob } from './saveFile';

/** The export routes a target may post to: each answers the file, or 202 `{ jobId }` (a job). */
type ExportRoute = (typeof contract.exports)[
  'clients' | 'massAction' | 'exportAction' | 'parcelsXlsx' | 'parcelsCsv'];

const EXPORT_ROUTES: readonly ExportRoute[] = [
  contract.exports.clients,
  contract.exports.parcelsXlsx,
  contract.exports.parcelsCsv,
  contract.exports.massAction,
  contract.exports.exportAction,
];

/**
 * The export route a target's path names, with its path parameters: `/client/mass/action` is
 * `contract.exports.massAction` with `{ entity: 'client' }`. Routes without parameters are tried first.
 */
export function exportRouteOf(path: string): { route: ExportRoute; params: Record<string, string> } {
  const segments = path.split('/');
  for (const route of EXPORT_ROUTES) {
    const pattern = (route['~orpc'].route.path ?? '').split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return part === segments[i];
      params[name] = decodeURIComponent(segments[i]);
      return segments[i] !== '';
    });
    if (matches) return { route, params };
  }
  throw new Error(`No export route at ${path}`);
}

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
      const { path, body } = target.request(selection, format);
      setBusy(true);
      // Listen before asking: a quick job may report before its id comes back.
      const watch = realtime ? watchJob(realtime) : null;
      try {
        const { route, params } = exportRouteOf(path);
        const reply = await callFile(route, {
          ...(Object.keys(params).length ? { params } : {}),
          body,
        } as RouteRequest<ExportRoute>);
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
