import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, noContent, route, rowId } from '../contract/route';
import { operatorConfigModelSchema } from './config-models';
import {
  createAdditionalServiceSchema,
  createOperatorSchema,
  operatorAdditionalServiceSchema,
  operatorConfigModelQuerySchema,
  operatorListItemSchema,
  operatorListRequestSchema,
  operatorViewSchema,
  updateAdditionalServiceSchema,
  updateOperatorSchema,
} from './schemas';

const operatorParams = z.object({ id: rowId(MESSAGES.operatorNotFound) });
const serviceParams = z.object({ serviceId: rowId(MESSAGES.additionalServiceNotFound) });
const tags = ['operators'];

/** Operators (carriers): their configuration models, the list and the operator form. */
export const operatorRoutes = {
  configModels: route
    .meta({ permission: ['operators.read'] })
    .route({
      method: 'GET',
      path: '/operator/getConfig/model',
      tags,
      summary:
        'Configuration models of the operator types (config fields, importanceOfTheConfigFields); ?type= for one',
    })
    .input(z.object({ query: operatorConfigModelQuerySchema }))
    .output(z.array(operatorConfigModelSchema)),
  list: route
    .meta({ permission: ['operators.read'] })
    .route({
      method: 'POST',
      path: '/operator/get/list',
      successStatus: 200,
      tags,
      summary: 'Operators, keyset pages of 50, filtered by search, type and active',
    })
    .input(z.object({ body: operatorListRequestSchema }))
    .output(listReplySchema(operatorListItemSchema)),
  create: route
    .meta({ permission: ['operators.write'] })
    .route({
      method: 'POST',
      path: '/operator/create',
      successStatus: 201,
      tags,
      summary: 'Create an operator; secret config fields are stored encrypted and never returned',
    })
    .input(z.object({ body: createOperatorSchema }))
    .output(operatorViewSchema),
  get: route
    .meta({ permission: ['operators.read'] })
    .route({
      method: 'GET',
      path: '/operator/{id}',
      tags,
      summary: 'One operator (for the edit form); secrets only as set/masked',
    })
    .input(z.object({ params: operatorParams }))
    .output(operatorViewSchema),
  update: route
    .meta({ permission: ['operators.write'] })
    .route({
      method: 'PUT',
      path: '/operator/{id}',
      tags,
      summary:
        'Save the operator form; a secret left out is kept, null clears it; deactivation refused while active parcels are assigned',
    })
    .input(z.object({ params: operatorParams, body: updateOperatorSchema }))
    .output(operatorViewSchema),
};

/** An operator's additional services (SPEC 7 POST /operator/additionalService, plus list, change and remove). */
export const operatorServiceRoutes = {
  list: route
    .meta({ permission: ['operators.read'] })
    .route({
      method: 'GET',
      path: '/operator/{id}/additionalServices',
      tags,
      summary: "An operator's additional services, by name",
    })
    .input(z.object({ params: operatorParams }))
    .output(z.array(operatorAdditionalServiceSchema)),
  add: route
    .meta({ permission: ['operators.write'] })
    .route({
      method: 'POST',
      path: '/operator/additionalService',
      successStatus: 201,
      tags,
      summary: 'Add an additional service to an operator (code unique per operator, any case)',
    })
    .input(z.object({ body: createAdditionalServiceSchema }))
    .output(operatorAdditionalServiceSchema),
  change: route
    .meta({ permission: ['operators.write'] })
    .route({
      method: 'PUT',
      path: '/operator/additionalService/{serviceId}',
      tags,
      summary: 'Rename an additional service or switch it on or off',
    })
    .input(z.object({ params: serviceParams, body: updateAdditionalServiceSchema }))
    .output(operatorAdditionalServiceSchema),
  remove: route
    .meta({ permission: ['operators.write'] })
    .route({
      method: 'DELETE',
      path: '/operator/additionalService/{serviceId}',
      successStatus: 204,
      tags,
      summary: 'Remove an additional service',
    })
    .input(z.object({ params: serviceParams }))
    .output(noContent),
};
