import type { JobFailed, JobFinished, JobProgress } from '@depot/contracts';
import type { RealtimeClient } from '../../realtime/socket';

export interface JobHandlers {
  progress(p: JobProgress): void;
  finished(p: JobFinished): void;
  failed(p: JobFailed): void;
}

type Recorded =
  | { event: 'progress'; payload: JobProgress }
  | { event: 'finished'; payload: JobFinished }
  | { event: 'failed'; payload: JobFailed };

/**
 * Follows one job over the tab's socket. Listening starts before the call that starts the job, because a quick
 * job can report (even finish) before the reply with its id arrives: events are kept until `track(jobId)` says
 * which are ours, then replayed. Listening ends when the job ends, or with `stop()`.
 */
export function watchJob(realtime: RealtimeClient) {
  const recorded: Recorded[] = [];
  let jobId: string | null = null;
  let handlers: JobHandlers | null = null;
  let offs: (() => void)[] = [];

  const stop = () => {
    for (const off of offs) off();
    offs = [];
  };
  const deliver = (r: Recorded) => {
    if (!handlers || r.payload.jobId !== jobId) return;
    if (r.event === 'progress') handlers.progress(r.payload);
    else {
      stop();
      if (r.event === 'finished') handlers.finished(r.payload);
      else handlers.failed(r.payload);
    }
  };
  const on = (r: Recorded) => (handlers ? deliver(r) : void recorded.push(r));

  offs = [
    realtime.on('job:progress', (payload) => on({ event: 'progress', payload })),
    realtime.on('job:finished', (payload) => on({ event: 'finished', payload })),
    realtime.on('job:failed', (payload) => on({ event: 'failed', payload })),
  ];

  return {
    track(id: string, h: JobHandlers): void {
      jobId = id;
      handlers = h;
      for (const r of recorded.splice(0)) deliver(r);
    },
    stop,
  };
}
