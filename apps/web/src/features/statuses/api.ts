import {
  contract,
  type CreateStatusMapRequest,
  type OperatorType,
  type SaveStatusMapRequest,
  type StatusMapImpactRequest,
  type StatusMapListQuery,
  type StatusMapRow,
  type UpdateStatusMapRequest,
} from '@depot/contracts';
import { callUpload, client } from '../../api/contract-client';

/** SPEC 7 `/mapStatus/...` calls (decision 0144). */
export const statusesApi = {
  list: (q: StatusMapListQuery) => client.statusMap.list({ query: q }),
  operatorTypes: () => client.statusMap.operatorTypes(),
  create: (body: CreateStatusMapRequest) => client.statusMap.create({ body }),
  save: (body: SaveStatusMapRequest) => client.statusMap.save({ body }),
  impact: (body: StatusMapImpactRequest) => client.statusMap.impact({ body }),
  update: (body: UpdateStatusMapRequest) => client.statusMap.update({ body }),
  remove: (id: string) => client.statusMap.remove({ params: { id } }),
  importCodes: (type: OperatorType, file: File) =>
    callUpload(contract.statusMap.importCodes, { params: { type } }, file),
  /** Every row of one carrier type, by code (a carrier's list is a few hundred codes: pages of 50 until the end). */
  async allOfType(operatorType: OperatorType): Promise<StatusMapRow[]> {
    const rows: StatusMapRow[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.statusMap.list({ query: { operatorType, sort: 'code', cursor } });
      rows.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return rows;
  },
};
