import type {
  AddToConsolidationRequest,
  ConsolidationListQuery,
  CreateConsolidationRequest,
  RemoveFromConsolidationRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

/** SPEC 7 consolidation calls (`/operatingModule/consolidation/...`, decision 0128). */
export const consolidationsApi = {
  list: (q: ConsolidationListQuery) => client.consolidations.list({ query: q }),
  get: (id: string) => client.consolidations.get({ params: { id } }),
  create: (body: CreateConsolidationRequest) => client.consolidations.create({ body }),
  add: (body: AddToConsolidationRequest) => client.consolidations.addPackage({ body }),
  remove: (body: RemoveFromConsolidationRequest) => client.consolidations.deletePackage({ body }),
  label: (consolidationId: string) => client.consolidations.getLabel({ body: { consolidationId } }),
  block: (consolidationId: string) => client.consolidations.block({ body: { consolidationId } }),
  unblock: (consolidationId: string) => client.consolidations.unblock({ body: { consolidationId } }),
};

/** A base64 PDF as a Blob the browser can save. */
export function pdfBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  return new Blob([bytes], { type: 'application/pdf' });
}
