/** Every role a Depot user can hold. `user` is a client user; `magazyn` is warehouse staff. */
export const ROLES = ['superAdmin', 'admin', 'salesman', 'operator', 'magazyn', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Roles of the broker's own staff (everyone but client users). */
export const STAFF_ROLES = [
  'superAdmin',
  'admin',
  'salesman',
  'operator',
  'magazyn',
] as const satisfies readonly Role[];

export const isStaffRole = (role: Role): boolean => role !== 'user';
