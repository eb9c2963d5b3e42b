import type {
  CreateParcelRequest,
  DeleteShipmentReply,
  ParcelListReply,
  ParcelListRequest,
  ParcelMassActionReply,
  ParcelMassActionRequest,
  ParcelSelectionIdsReply,
  ParcelSelectionRequest,
  NewParcelDefaults,
  ParcelGenerateReply,
  ParcelGenerateRequest,
  ParcelStatusChangeRequest,
  ParcelView,
  UpdateParcelRequest,
} from '@depot/contracts';
import { api } from '../../api/client';

/** The parcel (order) calls of the panel (SPEC 7 and decisions 0050–0053, 0075). */
export const parcelsApi = {
  list: (req: ParcelListRequest) => api<ParcelListReply>('POST', '/order/get/list', req),
  /** SPEC 7 mass action (deleteShipments) over the list's selection: done at once, or a job. */
  massAction: (body: ParcelMassActionRequest) =>
    api<ParcelMassActionReply>('POST', '/order/massAction', body),
  /** The ids a selection names, in the list's order (decision 0071), e.g. for bulk labels. */
  selectionIds: (body: ParcelSelectionRequest) =>
    api<ParcelSelectionIdsReply>('POST', '/order/selection/ids', body),
  get: (id: string) => api<ParcelView>('GET', `/order/${id}`),
  create: (body: CreateParcelRequest) => api<ParcelView>('POST', '/order/create', body),
  update: (id: string, body: UpdateParcelRequest) => api<ParcelView>('PUT', `/order/${id}`, body),
  setStatus: (id: string, body: ParcelStatusChangeRequest) =>
    api<ParcelView>('PUT', `/order/${id}/status`, body),
  createReturn: (id: string) => api<ParcelView>('POST', `/order/${id}/return`),
  /** Cancels one parcel (SPEC 7): a new one at once (and hidden), one handed over through its carrier (a job). */
  deleteShipment: (id: string) => api<DeleteShipmentReply>('POST', '/order/deleteShipment', { id }),
  /** Copies of a parcel made by the `parcels.generate` job (decision 0096). */
  generate: (body: ParcelGenerateRequest) => api<ParcelGenerateReply>('POST', '/order/generate', body),
  /** What a new parcel of the client starts from; a client user's own client without `clientId`. */
  createDefaults: (clientId?: string) =>
    api<NewParcelDefaults>(
      'GET',
      `/order/create/defaults${clientId ? `?clientId=${encodeURIComponent(clientId)}` : ''}`,
    ),
};
