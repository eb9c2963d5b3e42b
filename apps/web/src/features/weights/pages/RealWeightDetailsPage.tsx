import { Button, H1, H2 } from '@blueprintjs/core';
import { contract, SCREENS, type WeightImportView } from '@depot/contracts';
import { useAtomValue } from 'jotai';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { useRouteQuery } from '../../../api/query';
import { languageAtom } from '../../../i18n/language';
import { saveBlob } from '../../../ui/export/saveFile';
import { QueryGate } from '../../../ui/QueryGate';
import { useNotify } from '../../../ui/useNotify';
import { usePageTitle } from '../../../ui/usePageTitle';
import { weightsApi } from '../api';
import { WeightImportSummary } from '../components/WeightImportSummary';
import { WeightLines } from '../components/WeightLines';

/**
 * /import/realWeights/:weightImportId (decision 0151): a real-weight file's report — its facts and counts, its lines by
 * outcome with the parcels they matched and the weights, and the report as a workbook to download.
 */
export function RealWeightDetailsPage() {
  usePageTitle('weights.detailsTitle');
  const { weightImportId = '' } = useParams();
  const query = useRouteQuery(contract.weights.get, { params: { id: weightImportId } });
  return <QueryGate query={query}>{(imp) => <Details imp={imp} />}</QueryGate>;
}

function Details(props: { imp: WeightImportView }) {
  const { imp } = props;
  const lang = useAtomValue(languageAtom);
  const notify = useNotify();
  const download = async () => {
    try {
      const reply = await weightsApi.report(imp.id, lang);
      if (reply.kind === 'file') saveBlob(reply.blob, reply.fileName ?? 'weights-report.xlsx');
    } catch (err) {
      notify.failure(err);
    }
  };
  return (
    <div className="depot-page" data-testid="page-real-weight-details">
      <div className="depot-page-header">
        <H1>
          <FormattedMessage id="weights.detailsTitle" />
        </H1>
        <div className="depot-page-actions">
          <Link to={SCREENS.realWeights.path} data-testid="weights-back">
            <FormattedMessage id="weights.back" />
          </Link>
          <Button icon="download" onClick={() => void download()} data-testid="weights-report">
            <FormattedMessage id="weights.downloadReport" />
          </Button>
        </div>
      </div>
      <WeightImportSummary imp={imp} />
      <section aria-labelledby="weights-lines-heading" className="depot-page-fill depot-import-rows">
        <H2 id="weights-lines-heading">
          <FormattedMessage id="weights.title" />
        </H2>
        <WeightLines imp={imp} />
      </section>
    </div>
  );
}
