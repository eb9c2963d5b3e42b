import type {
  CreateAdditionalServiceRequest,
  CreateOperatorRequest,
  ListReply,
  OperatorAdditionalService,
  OperatorListItem,
  OperatorListRequest,
  OperatorView,
  UpdateAdditionalServiceRequest,
  UpdateOperatorRequest,
} from '@depot/contracts';
import { api } from '../../api/client';

export const operatorsApi = {
  list: (req: OperatorListRequest) => api<ListReply<OperatorListItem>>('POST', '/operator/get/list', req),
  get: (id: string) => api<OperatorView>('GET', `/operator/${id}`),
  create: (body: CreateOperatorRequest) => api<OperatorView>('POST', '/operator/create', body),
  update: (id: string, body: UpdateOperatorRequest) => api<OperatorView>('PUT', `/operator/${id}`, body),
  services: (operatorId: string) =>
    api<OperatorAdditionalService[]>('GET', `/operator/${operatorId}/additionalServices`),
  addService: (body: CreateAdditionalServiceRequest) =>
    api<OperatorAdditionalService>('POST', '/operator/additionalService', body),
  changeService: (id: string, body: UpdateAdditionalServiceRequest) =>
    api<OperatorAdditionalService>('PUT', `/operator/additionalService/${id}`, body),
  removeService: (id: string) => api<null>('DELETE', `/operator/additionalService/${id}`),
};
