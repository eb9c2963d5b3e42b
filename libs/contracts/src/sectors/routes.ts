import { z } from 'zod';
import { MESSAGES } from '../messages';
import { listReplySchema, noContent, route, rowId } from '../contract/route';
import {
  createSectorSchema,
  mapSectorOperatorSchema,
  sectorListItemSchema,
  sectorListQuerySchema,
  sectorOperatorSchema,
  sectorViewSchema,
  updateSectorSchema,
} from './schemas';

const sectorParams = z.object({ id: rowId(MESSAGES.sectorNotFound) });
const tags = ['sectors'];
const BASE = '/operatingModule/administration/sector';
const taken: readonly [number, string] = [409, MESSAGES.sectorTaken];
const inOtherSector: readonly [number, string] = [
  409,
  `${MESSAGES.sectorOperatorConflict} (OperatorInOtherSector, details name the sector)`,
];
const unknownRows: readonly [number, string] = [
  404,
  `${MESSAGES.sectorNotFound} / ${MESSAGES.operatorNotFound}`,
];

/**
 * Sectors (SPEC 3 "Sector", SPEC 7 `/operatingModule/administration/sector/create` and `/mapSectorOperator`; the
 * list, get, update, unmap and delete calls follow them, decision 0124). A parcel's sector is the sector of its
 * destination country its carrier is mapped to (libs/domain `sectorOf`).
 */
export const sectorRoutes = {
  list: route
    .meta({ permission: ['sectors.read'] })
    .route({
      method: 'GET',
      path: `${BASE}/list`,
      tags,
      summary: 'Sectors with their carriers, keyset pages of 50, by description, country or carrier',
    })
    .input(z.object({ query: sectorListQuerySchema }))
    .output(listReplySchema(sectorListItemSchema)),
  operators: route
    .meta({ permission: ['sectors.write'] })
    .route({
      method: 'GET',
      path: `${BASE}/operators`,
      tags,
      summary: 'Carriers a sector may be mapped to (the picker; active first, then by name)',
    })
    .output(z.array(sectorOperatorSchema)),
  get: route
    .meta({ permission: ['sectors.read'] })
    .route({
      method: 'GET',
      path: `${BASE}/get/{id}`,
      tags,
      summary: 'One sector with its carriers',
    })
    .input(z.object({ params: sectorParams }))
    .output(sectorViewSchema),
  create: route
    .meta({ permission: ['sectors.write'], errors: [taken] })
    .route({
      method: 'POST',
      path: `${BASE}/create`,
      successStatus: 201,
      tags,
      summary: 'Create a sector (sectorCountry, sectorDescription; unique together)',
    })
    .input(z.object({ body: createSectorSchema }))
    .output(sectorViewSchema),
  update: route
    .meta({ permission: ['sectors.write'], errors: [taken, inOtherSector] })
    .route({
      method: 'PUT',
      path: `${BASE}/update/{id}`,
      tags,
      summary:
        'Change the country or the description (a new country keeps the carriers only if none clashes)',
    })
    .input(z.object({ params: sectorParams, body: updateSectorSchema }))
    .output(sectorViewSchema),
  map: route
    .meta({ permission: ['sectors.write'], errors: [unknownRows, inOtherSector] })
    .route({
      method: 'POST',
      path: `${BASE}/mapSectorOperator`,
      tags,
      summary:
        'Map a carrier to a sector (at most one sector per carrier and country; mapping again changes nothing)',
    })
    .input(z.object({ body: mapSectorOperatorSchema }))
    .output(sectorViewSchema),
  unmap: route
    .meta({ permission: ['sectors.write'], errors: [unknownRows] })
    .route({
      method: 'POST',
      path: `${BASE}/unmapSectorOperator`,
      tags,
      summary: 'Take a carrier off a sector',
    })
    .input(z.object({ body: mapSectorOperatorSchema }))
    .output(sectorViewSchema),
  remove: route
    .meta({ permission: ['sectors.write'] })
    .route({
      method: 'DELETE',
      path: `${BASE}/delete/{id}`,
      successStatus: 204,
      tags,
      summary: 'Delete a sector (its carriers are unmapped)',
    })
    .input(z.object({ params: sectorParams }))
    .output(noContent),
};
