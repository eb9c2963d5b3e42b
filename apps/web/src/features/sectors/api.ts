import type {
  CreateSectorRequest,
  MapSectorOperatorRequest,
  SectorListQuery,
  UpdateSectorRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

/** SPEC 7 sector calls (`/operatingModule/administration/sector/...`, decision 0124). */
export const sectorsApi = {
  list: (q: SectorListQuery) => client.sectors.list({ query: q }),
  create: (body: CreateSectorRequest) => client.sectors.create({ body }),
  update: (id: string, body: UpdateSectorRequest) => client.sectors.update({ params: { id }, body }),
  map: (body: MapSectorOperatorRequest) => client.sectors.map({ body }),
  unmap: (body: MapSectorOperatorRequest) => client.sectors.unmap({ body }),
  remove: (id: string) => client.sectors.remove({ params: { id } }),
};
