import type { User, UserStatus } from '../../shared/api/records';
import type { MirrorDatabase } from './database';
import { type KeyedTable, parseRows, prepared } from './keyed-table';

export const usersTable: KeyedTable<User> = {
  table: 'users',
  key: 'user_id',
  columns: {
    user_id: (u) => u.user_id,
    full_name: (u) => u.full_name,
    sort_name: (u) => foldName(u.full_name),
    email: (u) => u.email,
    delivery_email: (u) => u.delivery_email,
    role: (u) => u.role,
    is_active: (u) => u.is_active !== false,
    is_bot: (u) => u.is_bot,
  },
};

export const userStatusTable: KeyedTable<UserStatus & { user_id: number }> = {
  table: 'user_status',
  key: 'user_id',
  columns: { user_id: (s) => s.user_id },
};

export interface UserQuery {
  /** Matched against name and email: a prefix for one or two characters, a substring from three. */
  text?: string;
  includeInactive?: boolean;
  offset?: number;
  limit?: number;
}

export interface UserPage {
  users: User[];
  total: number;
}

/** Below three characters the trigram index cannot answer, so short queries match prefixes. */
const TRIGRAM = 3;

export function searchUsers(db: MirrorDatabase, query: UserQuery = {}): UserPage {
  const text = (query.text ?? '').trim();
  const active = query.includeInactive ? '' : 'AND u.is_active = 1';
  const page = { limit: query.limit ?? 50, offset: query.offset ?? 0 };
  let from: string;
  let params: Record<string, unknown>;
  if (text === '') {
    from = `FROM users u WHERE 1 ${active}`;
    params = {};
  } else if ([...text].length < TRIGRAM) {
    from =
      `FROM users u WHERE (u.sort_name LIKE @folded ESCAPE '\\' OR u.email LIKE @prefix ESCAPE '\\' ` +
      `OR u.delivery_email LIKE @prefix ESCAPE '\\') ${active}`;
    params = { folded: likePrefix(foldName(text)), prefix: likePrefix(text) };
  } else {
    from = `FROM users_search s JOIN users u ON u.user_id = s.rowid WHERE users_search MATCH @match ${active}`;
    params = { match: `"${text.replace(/"/g, '""')}"` };
  }
  const total = (prepared(db, `SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
  const rows = prepared(db, `SELECT u.json ${from} ORDER BY u.sort_name, u.user_id LIMIT @limit OFFSET @offset`).all({
    ...params,
    ...page,
  });
  return { users: parseRows<User>(rows), total };
}

export function userByEmail(db: MirrorDatabase, email: string): User | undefined {
  const row = prepared(db, 'SELECT json FROM users WHERE email = ? OR delivery_email = ? LIMIT 1').get(email, email) as
    | { json: string }
    | undefined;
  return row && (JSON.parse(row.json) as User);
}

/** Case and accents folded away, so "edi" finds "Édith" and "Édith" sorts among the E's. */
export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
