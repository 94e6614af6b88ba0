// The organisation's collaborators (spec §7: the client keeps only role EMPLOYEE and not the
// current user), read by the collaborators page and onboarding step 4. GET
// /users/organization/members also lists pending invitations (`pending`, CONTRACT §11).
import type { Member } from '@terres/api-client';
import { normalizeRole } from '@terres/domain';

export function collaboratorsOf(members: readonly Member[], selfId: string | null | undefined): Member[] {
  return members.filter((member) => normalizeRole(member.role) === 'EMPLOYEE' && member.id !== selfId);
}
