import type { ConsumerType } from './locations';

// Issue 23's roles as the server names them (docs/api.md, "Roles and permissions").

export type Role = 'store_manager' | 'auditor' | 'lab_user';

export type LabRole = 'manager' | 'member';

/** A lab (a location of SPEC.md) a lab user belongs to, as the user shape lists it. */
export interface LabMembership {
  /** The location's id. */
  location: number;
  role: LabRole;
}

/** A membership of the signed-in person, with what the lab page shows of the location. */
export interface MyLab extends LabMembership {
  name: string;
  consumer_type: ConsumerType;
}

export const roleLabels: Record<Role, string> = {
  store_manager: 'Store manager',
  auditor: 'Auditor',
  lab_user: 'Lab user',
};

export const labRoleLabels: Record<LabRole, string> = {
  manager: 'Lab manager',
  member: 'Member',
};

/** Only store managers change the store; auditors read all of it (the server refuses their changes with 403). */
export function changesStore(role: Role): boolean {
  return role === 'store_manager';
}
