import { Card, H2, HTMLTable } from '@blueprintjs/core';
import type { ParcelStatusHistoryEntry } from '@depot/contracts';
import { FormattedMessage } from 'react-intl';
import { formatDateTime } from '../../../ui/format';
import { carrierNoteMessage } from '../carrierNote';

/** Who made a status change: the person, else an API key, else the kind of source (a job, a carrier, the system). */
function Who(props: { entry: ParcelStatusHistoryEntry }) {
  const { entry } = props;
  if (entry.changedByName) return <>{entry.changedByName}</>;
  if (entry.apiKeyId) return <FormattedMessage id="parcelDetails.history.apiKey" />;
  return <FormattedMessage id={`parcels.changeSource.${entry.source}`} />;
}

/** A note: a carrier-cancellation code translated (decision 0100), anything else as written. */
function Note(props: { note: string | null }) {
  const message = carrierNoteMessage(props.note);
  if (message) return <FormattedMessage id={message.id} values={message.values} />;
  return <>{props.note ?? ''}</>;
}

/** Where a scan made the change: the terminal, and the driver and car when the scan named them. */
function ScanPlace(props: { scan: NonNullable<ParcelStatusHistoryEntry['scan']> }) {
  const { terminal, driver, registrationNumber } = props.scan;
  return (
    <div className="depot-history-scan" data-testid="parcel-history-scan">
      {terminal}
      {(driver || registrationNumber) && (
        <div>{[driver, registrationNumber].filter(Boolean).join(' · ')}</div>
      )}
    </div>
  );
}

/** What the carrier said (source carrier): its code and words, and when it says it happened (Europe/Warsaw). */
function CarrierSaid(props: { carrier: NonNullable<ParcelStatusHistoryEntry['carrier']> }) {
  const { code, description, at } = props.carrier;
  return (
    <div className="depot-history-scan" data-testid="parcel-history-carrier">
      <code>{code}</code>
      {description && description !== code ? ` · ${description}` : ''}
      {at ? <div>{formatDateTime(at)}</div> : null}
    </div>
  );
}

/** The parcel's status history, newest first: status, when (Europe/Warsaw), who, from where, and the note. */
export function ParcelDetailsHistory(props: { history: readonly ParcelStatusHistoryEntry[] }) {
  const rows = [...props.history].reverse();
  return (
    <Card className="depot-parcel-section" data-testid="parcel-history">
      <H2>
        <FormattedMessage id="parcelDetails.section.history" />
      </H2>
      <HTMLTable compact striped className="depot-parcel-history">
        <thead>
          <tr>
            <th>
              <FormattedMessage id="parcelDetails.history.status" />
            </th>
            <th>
              <FormattedMessage id="parcelDetails.history.when" />
            </th>
            <th>
              <FormattedMessage id="parcelDetails.history.who" />
            </th>
            <th>
              <FormattedMessage id="parcelDetails.history.source" />
            </th>
            <th>
              <FormattedMessage id="parcelDetails.history.note" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id} data-testid="parcel-history-row" data-status={e.status}>
              <td>
                <FormattedMessage id={`parcels.status.${e.status}`} />
              </td>
              <td>{formatDateTime(e.createdAt)}</td>
              <td>
                <Who entry={e} />
              </td>
              <td>
                <FormattedMessage id={`parcels.changeSource.${e.source}`} />
                {e.scan && <ScanPlace scan={e.scan} />}
                {e.carrier && <CarrierSaid carrier={e.carrier} />}
              </td>
              <td>
                <Note note={e.note} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
