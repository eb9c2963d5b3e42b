import { z } from 'zod';
import { COUNTRY_CODES } from '../countries';
import { MESSAGES } from '../messages';
import { requiredString } from '../fields';
import { sortDirectionSchema } from '../pagination';
import { PAGE_SIZE } from '../constants';

const v = MESSAGES.validation;

/** Longest sector description (the column is varchar(100)). */
export const SECTOR_DESCRIPTION_MAX = 100;

/** sectorCountry: a supported country code (SPEC 5), exactly as the parcels store destination countries. */
export const sectorCountryField = z.enum(COUNTRY_CODES, {
  error: (iss) => (iss.input === undefined ? v.countryRequired : v.routingCountryUnsupported),
});
export const sectorDescriptionField = requiredString(v.sectorDescriptionRequired, SECTOR_DESCRIPTION_MAX);
const operatorIdField = z.uuid({ error: MESSAGES.operatorNotFound });
const sectorIdField = z.uuid({ error: MESSAGES.sectorNotFound });

/** POST /operatingModule/administration/sector/create (SPEC 3 "Sector: sectorCountry, sectorDescription"). */
export const createSectorSchema = z
  .object({ sectorCountry: sectorCountryField, sectorDescription: sectorDescriptionField })
  .strict();
export type CreateSectorRequest = z.input<typeof createSectorSchema>;

/** PUT /operatingModule/administration/sector/update/{id}: a new country, a new description, or both. */
export const updateSectorSchema = z
  .object({
    sectorCountry: sectorCountryField.optional(),
    sectorDescription: sectorDescriptionField.optional(),
  })
  .strict();
export type UpdateSectorRequest = z.input<typeof updateSectorSchema>;

/**
 * POST /operatingModule/administration/sector/mapSectorOperator (SPEC 7) and its undo, unmapSectorOperator: one
 * carrier (operator) mapped to or taken off one sector.
 */
export const mapSectorOperatorSchema = z
  .object({ sectorId: sectorIdField, operatorId: operatorIdField })
  .strict();
export type MapSectorOperatorRequest = z.input<typeof mapSectorOperatorSchema>;

/** A carrier as a sector shows it. */
export const sectorOperatorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.string(),
  active: z.boolean(),
});
export type SectorOperator = z.infer<typeof sectorOperatorSchema>;

/** A sector with its carriers: GET …/sector/get/{id}, the replies of create, update and (un)mapping. */
export const sectorViewSchema = z.object({
  id: z.uuid(),
  sectorCountry: z.enum(COUNTRY_CODES),
  sectorDescription: z.string(),
  operators: z.array(sectorOperatorSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SectorView = z.infer<typeof sectorViewSchema>;

/** One row of the sectors list (and of its live updates on `list:sectors`): the carriers by name. */
export const sectorListItemSchema = sectorViewSchema.extend({
  operators: z.array(sectorOperatorSchema.pick({ id: true, name: true })),
});
export type SectorListItem = z.infer<typeof sectorListItemSchema>;

/** `error` of the 409 refusing a carrier already mapped to another sector of the same country; `details` say which. */
export const SECTOR_ERROR_CODES = { operatorInOtherSector: 'OperatorInOtherSector' } as const;
export interface OperatorInOtherSectorDetails {
  operator: { id: string; name: string };
  sector: { id: string; sectorCountry: string; sectorDescription: string };
}

export const SECTOR_SORT_FIELDS = ['sectorCountry', 'sectorDescription', 'createdAt'] as const;
export type SectorSortField = (typeof SECTOR_SORT_FIELDS)[number];

/** GET /operatingModule/administration/sector/list?search=&sectorCountry=&operatorId=&sort=&direction=&cursor=&limit=. */
export const sectorListQuerySchema = z
  .object({
    /** The description contains this (case-insensitive). */
    search: z.string().trim().max(100).optional(),
    sectorCountry: sectorCountryField.optional(),
    /** Sectors this carrier is mapped to. */
    operatorId: operatorIdField.optional(),
    sort: z.enum(SECTOR_SORT_FIELDS).default('sectorCountry'),
    direction: sortDirectionSchema.default('asc'),
    cursor: z.string().max(2000).optional(),
    limit: z.coerce.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
  })
  .strict();
export type SectorListQuery = z.input<typeof sectorListQuerySchema>;
