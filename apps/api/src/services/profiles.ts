// The signed-in user's own profile (spec §5 "Profil"): read and edit.
import { messages, type Profile } from '@terres/domain';
import { eq } from 'drizzle-orm';
import type { Viewer } from '../auth/context.js';
import type { DbOrTx } from '../db/index.js';
import { users } from '../db/schema.js';
import { problem } from '../http/problem.js';
import { toUser } from './users.js';

export async function readProfile(db: DbOrTx, viewer: Viewer) {
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId));
  if (!user) throw problem(404, messages.userNotFound);
  return toUser(user);
}

export async function updateProfile(db: DbOrTx, viewer: Viewer, profile: Pick<Profile, 'firstName' | 'lastName' | 'phoneNumber'>) {
  const [user] = await db
    .update(users)
    .set({ firstName: profile.firstName, lastName: profile.lastName, phoneNumber: profile.phoneNumber, updatedAt: new Date() })
    .where(eq(users.id, viewer.userId))
    .returning();
  if (!user) throw problem(404, messages.userNotFound);
  return toUser(user);
}
