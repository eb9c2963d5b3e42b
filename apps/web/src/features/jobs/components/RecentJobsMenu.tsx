import { AnchorButton, Button, Classes, Intent, PopoverNext, ProgressBar } from '@blueprintjs/core';
import { LABELS_JOB_NAME, type RecentJob } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { useText } from '../../../ui/useText';
import { useRecentJobs } from '../hooks/useRecentJobs';
import { activeJobCount } from '../recentJobs';
import { Tag } from '../../../ui/Tag';

/** What a job made: labels, or an export. */
const kindId = (job: RecentJob) => (job.name === LABELS_JOB_NAME ? 'jobs.kind.labels' : 'jobs.kind.export');

/** The state of one job in words, with its progress bar while it runs and its file's link when it is done. */
function JobEntry({ job }: { job: RecentJob }) {
  const intl = useIntl();
  const text = useText();
  const kind = intl.formatMessage({ id: kindId(job) });
  return (
    <li className="depot-recent-job" data-testid={`recent-job-${job.id}`} data-state={job.state}>
      <div className="depot-recent-job-head">
        <strong>{kind}</strong>
        <span className={Classes.TEXT_MUTED}>{formatDateTime(job.startedAt)}</span>
      </div>
      {job.state === 'queued' && <FormattedMessage id="jobs.state.queued" />}
      {job.state === 'running' && (
        <>
          <FormattedMessage id="jobs.state.running" values={{ percent: job.progress }} />
          <ProgressBar
            value={job.progress / 100}
            intent={Intent.PRIMARY}
            aria-label={intl.formatMessage({ id: 'jobs.progressOf' }, { kind })}
          />
        </>
      )}
      {job.state === 'failed' && (
        <span className={Classes.INTENT_DANGER}>
          <FormattedMessage id="jobs.state.failed" values={{ reason: text(job.message ?? '') }} />
        </span>
      )}
      {job.state === 'finished' && (
        <>
          {job.count !== null && (
            <FormattedMessage
              id={job.name === LABELS_JOB_NAME ? 'jobs.count.labels' : 'jobs.count.rows'}
              values={{ count: job.count }}
            />
          )}
          {job.file ? (
            <AnchorButton
              small
              variant="minimal"
              icon="download"
              intent={Intent.PRIMARY}
              href={job.file.url}
              download=""
              data-testid="recent-job-download"
              text={intl.formatMessage({ id: 'jobs.download' }, { name: job.file.fileName })}
            />
          ) : (
            <span className={Classes.TEXT_MUTED}>
              <FormattedMessage id="jobs.expired" />
            </span>
          )}
        </>
      )}
    </li>
  );
}

/**
 * The top bar's "Recent jobs" menu (decision 0121): the signed-in user's label and export jobs of the last 24 hours,
 * live, each with its state, its progress while it runs, its file's download link once done, and why it failed. The
 * finished file stays reachable here after its toast was closed.
 */
export function RecentJobsMenu() {
  const intl = useIntl();
  const { jobs, isError, refresh } = useRecentJobs();
  const active = activeJobCount(jobs);
  const title = intl.formatMessage({ id: 'jobs.recent.title' });
  return (
    <PopoverNext
      placement="bottom-end"
      onOpening={refresh}
      content={
        // A named region: the popover is rendered outside the page's landmarks.
        <section
          className="depot-recent-jobs"
          data-testid="recent-jobs-list"
          aria-labelledby="depot-recent-jobs-title"
        >
          <div className="depot-recent-jobs-title" id="depot-recent-jobs-title">
            {title}
          </div>
          {isError ? (
            <p className={Classes.TEXT_MUTED}>
              <FormattedMessage id="jobs.recent.error" />
            </p>
          ) : jobs && jobs.length > 0 ? (
            <ul aria-labelledby="depot-recent-jobs-title">
              {jobs.map((job) => (
                <JobEntry key={job.id} job={job} />
              ))}
            </ul>
          ) : (
            <p className={Classes.TEXT_MUTED}>
              <FormattedMessage id="jobs.recent.empty" />
            </p>
          )}
        </section>
      }
    >
      <Button
        variant="minimal"
        icon="history"
        endIcon="caret-down"
        data-testid="recent-jobs"
        aria-label={
          active > 0 ? intl.formatMessage({ id: 'jobs.recent.buttonActive' }, { count: active }) : title
        }
      >
        <span className="depot-recent-jobs-label">{title}</span>
        {active > 0 && (
          <Tag round intent={Intent.PRIMARY} className="depot-recent-jobs-count">
            {active}
          </Tag>
        )}
      </Button>
    </PopoverNext>
  );
}
