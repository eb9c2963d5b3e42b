import { z } from 'zod';

export const clientOptionsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** A client as offered in a picker. */
export interface ClientOption {
  id: string;
  companyName: string;
  shortName: string | null;
  active: boolean;
}
