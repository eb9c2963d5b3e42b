import { Button, FormGroup, H2 } from '@blueprintjs/core';
import { warsawDay } from '@depot/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describeError } from '../../../api/errors';
import { saveBlob } from '../../../ui/export/saveFile';
import { DateField } from '../../../ui/form/DateField';
import { useNotify } from '../../../ui/useNotify';
import { useText } from '../../../ui/useText';
import { scansApi } from '../api';

/** SPEC 7 daily report: the Warsaw day's scans as xlsx; a day without scans answers "No Packages found". */
export function ScanReport() {
  const intl = useIntl();
  const notify = useNotify();
  const text = useText();
  const [date, setDate] = useState(() => warsawDay(new Date()));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    if (!date) return;
    setBusy(true);
    setFailure(null);
    try {
      const reply = await scansApi.report(date);
      if (reply.kind === 'file') saveBlob(reply.blob, reply.fileName ?? `scans-${date}.xlsx`);
    } catch (err) {
      setFailure(text(describeError(err)));
      notify.failure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="depot-scan-report" aria-labelledby="scan-report-title">
      <H2 id="scan-report-title" className="depot-scan-h2">
        <FormattedMessage id="scanning.report.title" />
      </H2>
      <form
        className="depot-scan-report-form"
        onSubmit={(e) => {
          e.preventDefault();
          void download();
        }}
      >
        <FormGroup
          label={intl.formatMessage({ id: 'scanning.report.date' })}
          labelFor="scan-report-date"
          intent={failure ? 'danger' : 'none'}
          helperText={failure ? <span data-testid="scan-report-error">{failure}</span> : undefined}
        >
          <DateField id="scan-report-date" value={date} onChange={setDate} testId="scan-report-date" />
        </FormGroup>
        <Button
          type="submit"
          icon="download"
          loading={busy}
          disabled={!date}
          data-testid="scan-report-download"
        >
          <FormattedMessage id="scanning.report.download" />
        </Button>
      </form>
    </section>
  );
}
