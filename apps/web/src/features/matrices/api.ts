import type {
  CloneMatrixRequest,
  CreateMatrixRequest,
  GlobalOperatorChangeRequest,
  MatrixListRequest,
  RouteTestRequest,
  UpdateMatrixRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

export const matricesApi = {
  list: (body: MatrixListRequest) => client.matrices.list({ body }),
  create: (body: CreateMatrixRequest) => client.matrices.create({ body }),
  update: (id: string, body: UpdateMatrixRequest) => client.matrices.update({ params: { id }, body }),
  clone: (id: string, body: CloneMatrixRequest) => client.matrices.clone({ params: { id }, body }),
  remove: (id: string) => client.matrices.remove({ params: { id } }),
  resolve: (body: RouteTestRequest) => client.matrices.resolve({ body }),
  globalOperatorChange: (body: GlobalOperatorChangeRequest) => client.matrices.globalOperatorChange({ body }),
};
