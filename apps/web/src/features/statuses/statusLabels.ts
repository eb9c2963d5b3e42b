import type { ParcelStatus } from '@depot/contracts';

/** The catalogue id naming an internal status, or "not mapped". */
export const statusLabelId = (dbName: ParcelStatus | null): string =>
  dbName === null ? 'statuses.unmapped' : `parcels.status.${dbName}`;
