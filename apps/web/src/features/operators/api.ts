import type {
  CreateAdditionalServiceRequest,
  CreateOperatorRequest,
  OperatorListRequest,
  UpdateAdditionalServiceRequest,
  UpdateOperatorRequest,
} from '@depot/contracts';
import { client } from '../../api/contract-client';

export const operatorsApi = {
  list: (body: OperatorListRequest) => client.operators.list({ body }),
  create: (body: CreateOperatorRequest) => client.operators.create({ body }),
  update: (id: string, body: UpdateOperatorRequest) => client.operators.update({ params: { id }, body }),
  addService: (body: CreateAdditionalServiceRequest) => client.operatorServices.add({ body }),
  changeService: (id: string, body: UpdateAdditionalServiceRequest) =>
    client.operatorServices.change({ params: { serviceId: id }, body }),
  removeService: (id: string) => client.operatorServices.remove({ params: { serviceId: id } }),
};
