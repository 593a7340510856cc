import type { Role } from '../../api/roles';

/** Where each role works once signed in: the store's admin area, or their labs' page. */
export const areaPaths = { admin: '/adminapp', lab: '/lab' } as const;

export type SignedInArea = keyof typeof areaPaths;

export function areaOf(role: Role): SignedInArea {
  return role === 'lab_user' ? 'lab' : 'admin';
}
