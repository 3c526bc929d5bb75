// Adding and removing emoji reactions, with the `reaction` events.
import { accessibleMessage } from '../access';
import type { Sim } from '../context';
import type { MessageRow, ReactionRow, UserRow } from '../db/rows';
import { wireReactionType } from '../dialect';
import { checkEmoji, emojiByName, isValidCode, parseReactionType, reactionTypeOfCode, type Emoji, type ReactionType } from '../emoji';
import { messageAudience } from '../events/audience';
import { ApiError, badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { apiEmail } from '../records/user';

function reactionType(sim: Sim, value: string | undefined): ReactionType | undefined {
  return value === undefined ? undefined : parseReactionType(sim.config.dialect, value);
}

function publishReaction(sim: Sim, op: 'add' | 'remove', message: MessageRow, user: UserRow, emoji: Emoji): void {
  sim.queues.publish(messageAudience(sim, message), {
    type: 'reaction',
    op,
    message_id: message.id,
    emoji_name: emoji.emoji_name,
    emoji_code: emoji.emoji_code,
    reaction_type: wireReactionType(sim.config.dialect, emoji.reaction_type),
    user_id: user.user_id,
    user: { user_id: user.user_id, email: apiEmail(user, sim.realm().host), full_name: user.full_name },
  });
}

export const reactionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages/{message_id}/reactions',
    params: ['emoji_name', 'emoji_code', 'reaction_type'],
    handle({ sim, user, params, path }) {
      const message = accessibleMessage(sim.db, user, path.int('message_id'));
      const name = params.requiredString('emoji_name');
      const code = params.string('emoji_code');
      const type = reactionType(sim, params.string('reaction_type'));
      const emoji = code === undefined ? emojiByName(sim.db, name, sim.config.dialect) : checkEmoji(sim.db, name, code, type ?? reactionTypeOfCode(sim.db, code, sim.config.dialect), sim.config.dialect);
      const exists = sim.db
        .prepare('SELECT 1 FROM reactions WHERE message_id = ? AND user_id = ? AND emoji_code = ? AND reaction_type = ?')
        .get(message.id, user.user_id, emoji.emoji_code, emoji.reaction_type);
      if (exists !== undefined) throw new ApiError(400, 'REACTION_ALREADY_EXISTS', 'Reaction already exists.');
      sim.db
        .prepare('INSERT INTO reactions (message_id, user_id, emoji_name, emoji_code, reaction_type) VALUES (?, ?, ?, ?, ?)')
        .run(message.id, user.user_id, emoji.emoji_name, emoji.emoji_code, emoji.reaction_type);
      publishReaction(sim, 'add', message, user, emoji);
      return {};
    },
  },
  {
    method: 'DELETE',
    path: '/messages/{message_id}/reactions',
    params: ['emoji_name', 'emoji_code', 'reaction_type'],
    handle({ sim, user, params, path }) {
      const message = accessibleMessage(sim.db, user, path.int('message_id'));
      const name = params.string('emoji_name');
      const code = params.string('emoji_code');
      let type = reactionType(sim, params.string('reaction_type'));
      if (name === undefined && code === undefined) {
        throw badRequest('At least one of the following arguments must be present: emoji_name, emoji_code');
      }
      let emojiCode: string;
      if (code === undefined) {
        const byName = emojiByName(sim.db, name ?? '', sim.config.dialect);
        emojiCode = byName.emoji_code;
        type ??= byName.reaction_type;
      } else {
        // The code alone identifies the reaction, even one made under an older name mapping.
        type ??= reactionTypeOfCode(sim.db, code, sim.config.dialect);
        if (!isValidCode(sim.db, code, type, sim.config.dialect)) throw badRequest('Invalid emoji code');
        emojiCode = code;
      }
      const reaction = sim.db
        .prepare('SELECT * FROM reactions WHERE message_id = ? AND user_id = ? AND emoji_code = ? AND reaction_type = ?')
        .get(message.id, user.user_id, emojiCode, type) as ReactionRow | undefined;
      if (reaction === undefined) throw new ApiError(400, 'REACTION_DOES_NOT_EXIST', "Reaction doesn't exist.");
      sim.db
        .prepare('DELETE FROM reactions WHERE message_id = ? AND user_id = ? AND emoji_code = ? AND reaction_type = ?')
        .run(message.id, user.user_id, emojiCode, type);
      publishReaction(sim, 'remove', message, user, {
        emoji_name: reaction.emoji_name,
        emoji_code: reaction.emoji_code,
        reaction_type: type,
      });
      return {};
    },
  },
];
