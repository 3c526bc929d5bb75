// A muted user as the family's servers list them (`muted_users`, in the registration and its
// event; not in the spec): who, and since when.
import { z } from 'zod';
import { recordId } from './record-schemas';

export interface MutedUser {
  id: number;
  timestamp: number;
}

export const mutedUserSchema = z.looseObject({ id: recordId, timestamp: z.number() });
