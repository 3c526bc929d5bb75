// User status: administrators set anyone's (POST /users/{user_id}/status); everyone sets their own
// through /users/me/status. One `user_status` event carries the new values.
import { getUser, isAdmin } from '../access';
import type { Sim } from '../context';
import type { UserRow, UserStatusRow } from '../db/rows';
import { wireReactionType } from '../dialect';
import { checkEmoji, emojiByName, parseReactionType, reactionTypeOfCode } from '../emoji';
import { everyone } from '../events/audience';
import type { ServiceEvent } from '../events/queues';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';

const MAX_STATUS_TEXT_LENGTH = 60;

export function userStatusRecord(sim: Sim, row: UserStatusRow): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  if (row.status_text !== '') record['status_text'] = row.status_text;
  if (row.emoji_name !== '') {
    Object.assign(record, { emoji_name: row.emoji_name, emoji_code: row.emoji_code, reaction_type: wireReactionType(sim.config.dialect, row.reaction_type) });
  }
  return record;
}

function updateStatus(sim: Sim, target: UserRow, params: Params): void {
  const statusText = params.string('status_text');
  const emojiName = params.string('emoji_name');
  const emojiCode = params.string('emoji_code');
  const reactionType = params.string('reaction_type');
  if (statusText === undefined && emojiName === undefined && emojiCode === undefined && reactionType === undefined) {
    throw badRequest('Client did not pass any new values.');
  }
  if (statusText !== undefined && statusText.trim().length > MAX_STATUS_TEXT_LENGTH) {
    throw badRequest(`status_text is too long (limit: ${MAX_STATUS_TEXT_LENGTH} characters)`);
  }
  if ((emojiCode !== undefined || reactionType !== undefined) && emojiName === undefined) {
    throw badRequest('Client must pass emoji_name if they pass either emoji_code or reaction_type.');
  }
  const storedType = reactionType === undefined ? undefined : parseReactionType(sim.config.dialect, reactionType);

  const event: ServiceEvent = { type: 'user_status', user_id: target.user_id };
  const current = (sim.db.prepare('SELECT * FROM user_status WHERE user_id = ?').get(target.user_id) as UserStatusRow | undefined) ?? {
    user_id: target.user_id,
    status_text: '',
    emoji_name: '',
    emoji_code: '',
    reaction_type: '',
  };
  const next = { ...current };
  if (statusText !== undefined) {
    next.status_text = statusText.trim();
    event['status_text'] = next.status_text;
  }
  if (emojiName !== undefined) {
    // An empty emoji_name clears the emoji.
    const emoji = emojiName === ''
      ? { emoji_name: '', emoji_code: '', reaction_type: '' }
      : emojiCode === undefined
        ? emojiByName(sim.db, emojiName, sim.config.dialect)
        : checkEmoji(sim.db, emojiName, emojiCode, storedType ?? reactionTypeOfCode(sim.db, emojiCode, sim.config.dialect), sim.config.dialect);
    Object.assign(next, emoji);
    Object.assign(event, { ...emoji, reaction_type: wireReactionType(sim.config.dialect, emoji.reaction_type) });
  }
  sim.db
    .prepare('INSERT OR REPLACE INTO user_status (user_id, status_text, emoji_name, emoji_code, reaction_type) VALUES (@user_id, @status_text, @emoji_name, @emoji_code, @reaction_type)')
    .run(next);
  sim.queues.publish(everyone(sim), event);
}

export const userStatusRoutes: Route[] = [
  {
    method: 'POST',
    path: '/users/{user_id}/status',
    params: ['status_text', 'emoji_name', 'emoji_code', 'reaction_type'],
    handle({ sim, user, params, path }) {
      if (path.string('user_id') === 'me') {
        updateStatus(sim, user, params);
        return {};
      }
      if (!isAdmin(user)) throw badRequest('Insufficient permission');
      const target = getUser(sim.db, path.int('user_id'));
      if (target === undefined || target.is_active !== 1) throw badRequest('No such user');
      updateStatus(sim, target, params);
      return {};
    },
  },
];
