import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, noContent, route, rowId } from '../contract/route';
import {
  cloneMatrixSchema,
  createMatrixSchema,
  globalOperatorChangeReplySchema,
  globalOperatorChangeSchema,
  matrixListItemSchema,
  matrixListRequestSchema,
  matrixOperatorOptionSchema,
  matrixViewSchema,
  operatorRoutingUsageSchema,
  routeTestReplySchema,
  routeTestSchema,
  updateMatrixSchema,
} from './schemas';

const matrixParams = z.object({ id: rowId(MESSAGES.matrixNotFound) });
const tags = ['matrices'];
const read = ['matrices.read'] as const;
const write = ['matrices.write'] as const;

const nameTaken: readonly [number, string] = [409, MESSAGES.matrixNameTaken];
const defaultConflict: readonly [number, string] = [409, MESSAGES.matrixDefaultConflict];

/**
 * Routing matrices (administration/matrixes), the route tester and the global carrier change
 * (administration/operators/replacement). The fixed paths come before `/matrix/{id}`, which would take them.
 */
export const matrixRoutes = {
  list: route
    .meta({ permission: read })
    .route({
      method: 'POST',
      path: '/matrix/get/list',
      successStatus: 200,
      tags,
      summary: 'Routing matrices, keyset pages of 50, by name or carrier name',
    })
    .input(z.object({ body: matrixListRequestSchema }))
    .output(listReplySchema(matrixListItemSchema)),
  operators: route
    .meta({ permission: read })
    .route({
      method: 'GET',
      path: '/matrix/get/operators',
      tags,
      summary: 'Carriers for the condition and replacement pickers (active first)',
    })
    .output(z.array(matrixOperatorOptionSchema)),
  operatorUsage: route
    .meta({ permission: read })
    .route({
      method: 'GET',
      path: '/matrix/get/operatorUsage/{operatorId}',
      tags,
      summary: 'How many conditions (in how many matrices) name this carrier',
    })
    .input(z.object({ params: z.object({ operatorId: rowId(MESSAGES.operatorNotFound) }) }))
    .output(operatorRoutingUsageSchema),
  resolve: route
    .meta({
      permission: read,
      errors: [[404, 'The tested matrix or the client does not exist']],
    })
    .route({
      method: 'POST',
      path: '/matrix/resolve',
      successStatus: 200,
      tags,
      summary:
        'Route tester: the carrier a parcel gets (tested matrix or client matrix, then the default), and why',
    })
    .input(z.object({ body: routeTestSchema }))
    .output(routeTestReplySchema),
  globalOperatorChange: route
    .meta({ permission: write })
    .route({
      method: 'PUT',
      path: '/matrix/update/globalOperatorChange',
      tags,
      summary: 'Move every routing condition from one carrier to another (one transaction)',
    })
    .input(z.object({ body: globalOperatorChangeSchema }))
    .output(globalOperatorChangeReplySchema),
  create: route
    .meta({ permission: write, errors: [nameTaken, defaultConflict] })
    .route({
      method: 'POST',
      path: '/matrix/create',
      successStatus: 201,
      tags,
      summary: 'Create a matrix (the first one becomes the default)',
    })
    .input(z.object({ body: createMatrixSchema }))
    .output(matrixViewSchema),
  get: route
    .meta({ permission: read })
    .route({
      method: 'GET',
      path: '/matrix/{id}',
      tags,
      summary: 'One matrix with its conditions in order (carrier names included)',
    })
    .input(z.object({ params: matrixParams }))
    .output(matrixViewSchema),
  update: route
    .meta({
      permission: write,
      errors: [nameTaken, [409, MESSAGES.matrixDefaultRequired], defaultConflict],
    })
    .route({
      method: 'PUT',
      path: '/matrix/{id}',
      tags,
      summary: 'Edit name, conditions (replaced whole) or make it the default',
    })
    .input(z.object({ params: matrixParams, body: updateMatrixSchema }))
    .output(matrixViewSchema),
  setDefault: route
    .meta({ permission: write, errors: [defaultConflict] })
    .route({
      method: 'PUT',
      path: '/matrix/{id}/default',
      tags,
      summary: 'Make this matrix the default (the previous default loses the flag)',
    })
    .input(z.object({ params: matrixParams }))
    .output(matrixViewSchema),
  clone: route
    .meta({ permission: write, errors: [nameTaken] })
    .route({
      method: 'POST',
      path: '/matrix/{id}/clone',
      successStatus: 201,
      tags,
      summary: 'Copy a matrix with its conditions under a new name (never the default)',
    })
    .input(z.object({ params: matrixParams, body: cloneMatrixSchema }))
    .output(matrixViewSchema),
  remove: route
    .meta({ permission: write, errors: [[409, MESSAGES.matrixDefaultNotDeletable]] })
    .route({
      method: 'DELETE',
      path: '/matrix/{id}',
      successStatus: 204,
      tags,
      summary: 'Delete a matrix that is not the default',
    })
    .input(z.object({ params: matrixParams }))
    .output(noContent),
};
