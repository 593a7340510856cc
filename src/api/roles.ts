import type { LabRole, UserRole as Role } from '../../server/src/contract/users';

// Issue 23's roles as the server names them (docs/api.md, "Roles and permissions").

export type {
  LabMembership,
  LabRole,
  NamedLabMembership as MyLab,
  UserRole as Role,
} from '../../server/src/contract/users';

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
