import { Card, H2, Intent, ProgressBar } from '@blueprintjs/core';
import { defaultParcelDateRange, type DashboardJob, type DashboardSummary } from '@depot/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/format';
import { parcelsListHref } from '../../parcels/hooks/useParcelsListFilters';
import { Tag } from '../../../ui/Tag';

/** The day's parcels by status; each count opens the parcels list filtered to that status and day. */
export function TodayParcels({ summary }: { summary: DashboardSummary }) {
  const intl = useIntl();
  const { day } = summary;
  return (
    <Card className="depot-dashboard-card" data-testid="dashboard-today">
      <H2>
        <FormattedMessage id="home.today" values={{ day }} />
      </H2>
      {summary.parcelsTotal === 0 ? (
        <p className="bp6-text-muted" data-testid="dashboard-today-none">
          <FormattedMessage id="home.todayNone" />
        </p>
      ) : (
        <>
          <p data-testid="dashboard-today-total">
            <Link to={parcelsListHref({ dateFrom: day, dateTo: day })}>
              <FormattedMessage id="home.todayTotal" values={{ count: summary.parcelsTotal }} />
            </Link>
          </p>
          <ul className="depot-dashboard-counts">
            {summary.parcelsByStatus.map(({ status, count }) => (
              <li key={status}>
                <Link
                  to={parcelsListHref({ statuses: [status], dateFrom: day, dateTo: day })}
                  data-testid={`dashboard-status-${status}`}
                >
                  <FormattedMessage
                    id="home.statusLink"
                    values={{ status: intl.formatMessage({ id: `parcels.status.${status}` }), count }}
                  />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** What is stuck this year: new parcels routing could not place, parcels with a problem (each a filtered list). */
export function Attention({ summary }: { summary: DashboardSummary }) {
  const year = defaultParcelDateRange(new Date(`${summary.day}T12:00:00Z`));
  const { unroutable, problem } = summary.attention;
  return (
    <Card className="depot-dashboard-card" data-testid="dashboard-attention">
      <H2>
        <FormattedMessage id="home.attention" />
      </H2>
      {unroutable === 0 && problem === 0 ? (
        <p className="bp6-text-muted" data-testid="dashboard-attention-none">
          <FormattedMessage id="home.attentionNone" />
        </p>
      ) : (
        <ul className="depot-dashboard-list">
          {unroutable > 0 ? (
            <li>
              <Link
                to={parcelsListHref({ statuses: ['new'], incorrect: true, ...year })}
                data-testid="dashboard-unroutable"
              >
                <FormattedMessage id="home.unroutable" values={{ count: unroutable }} />
              </Link>
            </li>
          ) : null}
          {problem > 0 ? (
            <li>
              <Link to={parcelsListHref({ statuses: ['problem'], ...year })} data-testid="dashboard-problem">
                <FormattedMessage id="home.problem" values={{ count: problem }} />
              </Link>
            </li>
          ) : null}
        </ul>
      )}
    </Card>
  );
}

function JobRow({ job }: { job: DashboardJob }) {
  const intl = useIntl();
  const nameKey = `home.job.${job.jobName}`;
  const name =
    nameKey in intl.messages
      ? intl.formatMessage({ id: nameKey })
      : intl.formatMessage({ id: 'home.jobOther' }, { name: job.jobName });
  const at = formatDateTime(job.createdAt);
  return (
    <li className="depot-dashboard-job" data-testid="dashboard-job">
      <div className="depot-dashboard-job-head">
        <strong>{name}</strong>
        {job.state === 'queued' ? (
          <Tag minimal>
            <FormattedMessage id="home.jobQueued" />
          </Tag>
        ) : (
          <span>
            <FormattedMessage id="home.jobProgress" values={{ progress: job.progress ?? 0 }} />
          </span>
        )}
      </div>
      {job.state === 'running' ? (
        <ProgressBar
          intent={Intent.PRIMARY}
          value={(job.progress ?? 0) / 100}
          aria-label={name}
          animate={false}
          stripes={false}
        />
      ) : null}
      <div className="bp6-text-muted">
        {job.startedByName ? (
          <FormattedMessage id="home.jobBy" values={{ name: job.startedByName, at }} />
        ) : (
          <FormattedMessage id="home.jobBySystem" values={{ at }} />
        )}
      </div>
    </li>
  );
}

/** Label, export and parcel jobs not finished yet, with their progress. */
export function JobsUnderWay({ jobs }: { jobs: DashboardJob[] }) {
  return (
    <Card className="depot-dashboard-card" data-testid="dashboard-jobs">
      <H2>
        <FormattedMessage id="home.jobs" />
      </H2>
      {jobs.length === 0 ? (
        <p className="bp6-text-muted" data-testid="dashboard-jobs-none">
          <FormattedMessage id="home.jobsNone" />
        </p>
      ) : (
        <ul className="depot-dashboard-list">
          {jobs.map((j) => (
            <JobRow key={j.jobId} job={j} />
          ))}
        </ul>
      )}
    </Card>
  );
}
