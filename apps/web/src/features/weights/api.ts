import {
  contract,
  SCREENS,
  type Language,
  type WeightImportLinesRequest,
  type WeightImportListRequest,
} from '@depot/contracts';
import { callFile, callUpload, client } from '../../api/contract-client';

/** Real weights from carriers' files (issue 16 item 4, decision 0151). */
export const weightsApi = {
  list: (body: WeightImportListRequest) => client.weights.list({ body }),
  lines: (id: string, body: WeightImportLinesRequest) => client.weights.lines({ params: { id }, body }),
  upload: (file: File) => callUpload(contract.weights.upload, { body: {} }, file),
  /** The report (over-declared, unmatched and refused lines) as a workbook in the panel's language. */
  report: (id: string, lang: Language) =>
    callFile(contract.weights.report, { params: { id }, query: { lang } }),
};

/** A real-weight file's page. */
export const weightImportPath = (id: string) => SCREENS.realWeightDetails.path.replace(':weightImportId', id);
