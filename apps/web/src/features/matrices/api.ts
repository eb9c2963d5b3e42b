import type {
  CloneMatrixRequest,
  CreateMatrixRequest,
  GlobalOperatorChangeReply,
  GlobalOperatorChangeRequest,
  ListReply,
  MatrixListItem,
  MatrixListRequest,
  MatrixOperatorOption,
  MatrixView,
  OperatorRoutingUsage,
  RouteTestReply,
  RouteTestRequest,
  UpdateMatrixRequest,
} from '@depot/contracts';
import { api } from '../../api/client';

export const matricesApi = {
  list: (req: MatrixListRequest) => api<ListReply<MatrixListItem>>('POST', '/matrix/get/list', req),
  get: (id: string) => api<MatrixView>('GET', `/matrix/${id}`),
  create: (body: CreateMatrixRequest) => api<MatrixView>('POST', '/matrix/create', body),
  update: (id: string, body: UpdateMatrixRequest) => api<MatrixView>('PUT', `/matrix/${id}`, body),
  setDefault: (id: string) => api<MatrixView>('PUT', `/matrix/${id}/default`, {}),
  clone: (id: string, body: CloneMatrixRequest) => api<MatrixView>('POST', `/matrix/${id}/clone`, body),
  remove: (id: string) => api<null>('DELETE', `/matrix/${id}`),
  resolve: (body: RouteTestRequest) => api<RouteTestReply>('POST', '/matrix/resolve', body),
  operators: () => api<MatrixOperatorOption[]>('GET', '/matrix/get/operators'),
  operatorUsage: (operatorId: string) =>
    api<OperatorRoutingUsage>('GET', `/matrix/get/operatorUsage/${operatorId}`),
  globalOperatorChange: (body: GlobalOperatorChangeRequest) =>
    api<GlobalOperatorChangeReply>('PUT', '/matrix/update/globalOperatorChange', body),
};
