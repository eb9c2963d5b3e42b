import type {
  CreateParcelRequest,
  ParcelGenerateRequest,
  ParcelListRequest,
  ParcelMassActionRequest,
  ParcelSelectionRequest,
  ParcelStatusChangeRequest,
  UpdateParcelRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

/** The parcel (order) calls of the panel (SPEC 7 and decisions 0050–0053, 0075). */
export const parcelsApi = {
  list: (body: ParcelListRequest) => client.parcels.list({ body }),
  /** SPEC 7 mass action (deleteShipments) over the list's selection: done at once, or a job. */
  massAction: (body: ParcelMassActionRequest) => client.parcels.massAction({ body }),
  /** The ids a selection names, in the list's order (decision 0071), e.g. for bulk labels. */
  selectionIds: (body: ParcelSelectionRequest) => client.parcels.selectionIds({ body }),
  refreshStatuses: (body: ParcelSelectionRequest) => client.parcels.refreshStatuses({ body }),
  /** Registration at the carrier (decision 0147): a selection as a job, one parcel at once, how it stands. */
  sendToCarrier: (body: ParcelSelectionRequest) => client.carrierRegistration.sendSelection({ body }),
  sendOneToCarrier: (id: string) => client.carrierRegistration.sendOne({ params: { id } }),
  create: (body: CreateParcelRequest) => client.parcels.create({ body }),
  update: (id: string, body: UpdateParcelRequest) => client.parcels.update({ params: { id }, body }),
  setStatus: (id: string, body: ParcelStatusChangeRequest) =>
    client.parcels.changeStatus({ params: { id }, body }),
  createReturn: (id: string) => client.parcels.createReturn({ params: { id } }),
  /** Cancels one parcel (SPEC 7): a new one at once (and hidden), one handed over through its carrier (a job). */
  deleteShipment: (id: string) => client.parcels.deleteShipment({ body: { id } }),
  /** Copies of a parcel made by the `parcels.generate` job (decision 0096). */
  generate: (body: ParcelGenerateRequest) => client.parcels.generate({ body }),
};
