import { contract, type ScanFormRequest } from '@depot/contracts';
import { callFile, client } from '../../api/contract-client';

/** SPEC 7 `/operatingModule/...` scan calls (issue 14, decision 0130). */
export const scansApi = {
  lookup: (externalNumber: string) => client.scans.lookup({ body: { externalNumber } }),
  setStatus: (body: ScanFormRequest) => client.scans.setStatus({ body }),
  recent: (terminal: string, limit = 20) => client.scans.recent({ query: { terminal, limit } }),
  /** The xlsx of a Warsaw day's scans; a day without scans is 400 "No Packages found". */
  report: (date: string) => callFile(contract.scans.report, { body: { date } }),
};
