// "Select all N matches": every person a directory search finds, not only the rows on screen.
import type { DirectoryFilter } from '../../../shared/directory-filter';
import type { UserSummary } from '../../../shared/ipc';
import { call } from './ipc';

/** The largest page the directory channel gives at once. */
const PAGE = 500;

/** Everyone matching `text` and the filter in the directory's order, bots left out (bulk jobs are for people). */
export async function allMatches(text: string, filter: DirectoryFilter): Promise<UserSummary[]> {
  const users: UserSummary[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await call('users.search', { text, filter, offset, limit: PAGE });
    users.push(...page.users.filter((user) => !user.is_bot));
    if (offset + PAGE >= page.total || page.users.length === 0) return users;
  }
}
