import type { LabRole, UserRole } from '../db/tables';
import { CHANGE_TOPICS, type ChangeAudience, type ChangeEventData } from '../domain/changeTopics';

/** Who listens to a stream: the signed-in caller's account, role and labs as the database had them last. */
export interface Viewer {
  userId: number;
  role: UserRole;
  labs: ReadonlyMap<number, LabRole>;
}

/** The roles that read the whole store (plugins/auth.ts' storeRead class). */
const STORE_READERS: readonly UserRole[] = ['store_manager', 'auditor'];

type Scoped = Pick<ChangeEventData, 'topic' | 'lab_id' | 'user_id'>;

function admittedBy(audience: ChangeAudience, viewer: Viewer | null, event: Scoped): boolean {
  if (audience === 'public') return true;
  if (viewer === null) return false;
  const storeReader = STORE_READERS.includes(viewer.role);
  switch (audience) {
    case 'storeRead':
      return storeReader;
    case 'lab':
      return storeReader || (event.lab_id !== null && viewer.labs.has(event.lab_id));
    case 'labManager':
      return storeReader || (event.lab_id !== null && viewer.labs.get(event.lab_id) === 'manager');
    case 'owner':
      return event.user_id !== null && event.user_id === viewer.userId;
  }
}

/**
 * Whether a stream's caller may hear of an event: one of its topic's audiences admits it (domain/changeTopics.ts).
 * An anonymous caller (null) hears public topics only; a topic this server does not know (written by a newer
 * process sharing the database) reaches nobody.
 */
export function admits(viewer: Viewer | null, event: Scoped): boolean {
  const audiences: readonly ChangeAudience[] | undefined = Object.hasOwn(CHANGE_TOPICS, event.topic)
    ? CHANGE_TOPICS[event.topic]
    : undefined;
  return audiences !== undefined && audiences.some((audience) => admittedBy(audience, viewer, event));
}

/** Whether an event may change what the caller may hear: its own account or one of its lab memberships. */
export function namesViewer(viewer: Viewer | null, event: Scoped): boolean {
  return (
    viewer !== null &&
    (event.topic === 'user' || event.topic === 'membership') &&
    event.user_id === viewer.userId
  );
}
