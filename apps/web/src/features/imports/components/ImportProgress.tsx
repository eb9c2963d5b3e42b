import { Callout, Intent, ProgressBar } from '@blueprintjs/core';
import { MESSAGES, SCREENS, type ImportView } from '@depot/contracts';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { Link } from 'react-router';
import { useText } from '../../../ui/useText';

const NOTICE_STYLE = { marginBottom: 12 } as const;

/** The parcels list showing the parcels made from files (of the import's client, for staff). */
export const parcelsOfImport = (imp: Pick<ImportView, 'clientId'>, staff: boolean) =>
  `${SCREENS.parcels.path}?sources=file${staff ? `&clientId=${imp.clientId}` : ''}`;

/**
 * Where an import stands, in words: being checked; waiting for review and approval; its parcels being created (with
 * how far it has come, live); and the end as SPEC 8 tells a shipment file's result — how many parcels were created and
 * how many rows failed, with the way to the parcels — or why it failed, or that it was cancelled.
 */
export function ImportProgress(props: { imp: ImportView; percent: number; staff: boolean }) {
  const { imp, percent } = props;
  const text = useText();
  switch (imp.state) {
    case 'validating':
      return (
        <Callout intent={Intent.PRIMARY} icon="time" style={NOTICE_STYLE} data-testid="import-validating">
          <p>
            <FormattedMessage id="imports.progress.validating" />
          </p>
          <ProgressBar intent={Intent.PRIMARY} aria-label={text({ id: 'imports.progress.validating' })} />
        </Callout>
      );
    case 'ready':
      return (
        <Callout intent={Intent.PRIMARY} icon="info-sign" style={NOTICE_STYLE} data-testid="import-ready">
          <FormattedMessage id="imports.progress.ready" />
        </Callout>
      );
    case 'approving':
      return (
        <Callout intent={Intent.PRIMARY} icon="time" style={NOTICE_STYLE} data-testid="import-progress">
          <p>
            <FormattedMessage
              id="imports.progress.approving"
              values={{
                created: <FormattedNumber value={imp.createdRows} />,
                total: <FormattedNumber value={imp.createdRows + imp.validRows} />,
                percent,
              }}
            />
          </p>
          <ProgressBar
            value={percent / 100}
            intent={Intent.PRIMARY}
            aria-label={text({ id: 'imports.field.progress' })}
            animate={false}
          />
        </Callout>
      );
    case 'done': {
      const warn = imp.invalidRows > 0 || imp.createdRows === 0;
      return (
        <Callout
          intent={warn ? Intent.WARNING : Intent.SUCCESS}
          icon={warn ? 'warning-sign' : 'tick-circle'}
          style={NOTICE_STYLE}
          data-testid="import-result"
        >
          <p>
            <FormattedMessage
              id="imports.result.done"
              values={{ created: imp.createdRows, failed: imp.invalidRows }}
            />
          </p>
          {imp.createdRows > 0 ? (
            <Link to={parcelsOfImport(imp, props.staff)} data-testid="import-parcels-link">
              <FormattedMessage id="imports.toParcels" />
            </Link>
          ) : null}
        </Callout>
      );
    }
    case 'failed':
      return (
        <Callout intent={Intent.DANGER} icon="error" style={NOTICE_STYLE} data-testid="import-failed">
          <FormattedMessage
            id="imports.result.failed"
            values={{ reason: text(imp.errorMessage ?? MESSAGES.somethingWentWrong) }}
          />
        </Callout>
      );
    case 'cancelled':
      return (
        <Callout icon="disable" style={NOTICE_STYLE} data-testid="import-cancelled">
          <FormattedMessage id="imports.result.cancelled" />
        </Callout>
      );
  }
}
