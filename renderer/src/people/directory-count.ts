// The directory's filter choices and its count, in the words people read: "20,480 people · 480 deactivated".
import type { DirectoryFilter } from '../../../shared/directory-filter';

export const FILTER_CHOICES: { value: DirectoryFilter; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
  { value: 'bots', label: 'Bots' },
  { value: 'owner', label: 'Owners' },
  { value: 'administrator', label: 'Administrators' },
  { value: 'moderator', label: 'Moderators' },
  { value: 'member', label: 'Members' },
  { value: 'guest', label: 'Guests' },
];

/** How many the directory lists, and how many of them are deactivated (said only when some are). */
export function peopleCount(total: number, deactivated: number): string {
  const people = `${total.toLocaleString()} ${total === 1 ? 'person' : 'people'}`;
  return deactivated > 0 ? `${people} · ${deactivated.toLocaleString()} deactivated` : people;
}
