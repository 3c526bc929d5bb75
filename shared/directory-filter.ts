// Who the directory lists: one filter for everyone who reads it (the people screen, the
// administrators' bulk selection and the CSV export), so their counts agree.
import { z } from 'zod';
import { ROLES } from './api/limits';

export const directoryFilter = z.enum(['everyone', 'active', 'deactivated', 'bots', 'owner', 'administrator', 'moderator', 'member', 'guest']);
export type DirectoryFilter = z.infer<typeof directoryFilter>;

const ROLE_OF: Partial<Record<DirectoryFilter, number>> = ROLES;

/** The role a filter names; undefined for the filters that are not by role. Role filters list people, not bots. */
export const filterRole = (filter: DirectoryFilter): number | undefined => ROLE_OF[filter];
