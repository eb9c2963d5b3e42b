/** A row's timestamps as the API sends them (ISO 8601 strings). */
export const withIsoDates = <T extends { createdAt: Date; updatedAt: Date }>(r: T) => ({
  ...r,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
