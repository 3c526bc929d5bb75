// Outgoing-webhook bots: a message that mentions such a bot, or a direct message to it, is POSTed
// as JSON to the bot's URL; a JSON answer with `content` becomes the bot's reply. The simulator
// also serves a receiver at the outgoing-webhook path of its dialect (/service-outgoing-webhook,
// or the family's /zulip-outgoing-webhook), the default URL of the demo bot.
import { dmParticipants, getStream } from '../access';
import type { Sim } from '../context';
import type { MessageRow, UserRow } from '../db/rows';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { messageRecord } from '../records/message';
import type { Mentions } from '../render';
import { sendMessage, type Destination } from '../messaging/send';

export const OUTGOING_WEBHOOK_BOT = 3;
const DELIVERY_TIMEOUT_MS = 10_000;

type Trigger = 'direct_message' | 'mention';

export interface OutgoingWebhooks {
  close(): void;
}

function triggerFor(bot: UserRow, message: MessageRow, mentions: Mentions): Trigger | null {
  if (message.sender_id === bot.user_id) return null;
  if (message.type === 'private') return dmParticipants(message).includes(bot.user_id) ? 'direct_message' : null;
  return mentions.users.has(bot.user_id) ? 'mention' : null;
}

function replyDestination(sim: Sim, bot: UserRow, message: MessageRow): Destination | null {
  if (message.type === 'private') return { type: 'private', userIds: dmParticipants(message).filter((id) => id !== bot.user_id) };
  const stream = message.stream_id === null ? undefined : getStream(sim.db, message.stream_id);
  return stream === undefined ? null : { type: 'stream', stream, topic: message.topic };
}

export function installOutgoingWebhooks(sim: Sim): OutgoingWebhooks {
  const inFlight = new AbortController();

  async function deliver(bot: UserRow, message: MessageRow, trigger: Trigger): Promise<void> {
    const payload = {
      bot_email: bot.email,
      bot_full_name: bot.full_name,
      data: message.content,
      trigger,
      token: bot.bot_token ?? '',
      message: messageRecord(sim.db, message, { realm: sim.realm(), applyMarkdown: false, allowEmptyTopic: true, dialect: sim.config.dialect }),
    };
    const { lastInsertRowid } = sim.db
      .prepare('INSERT INTO webhook_deliveries (bot_user_id, message_id, trigger, url, payload) VALUES (?, ?, ?, ?, ?)')
      .run(bot.user_id, message.id, trigger, bot.webhook_url, JSON.stringify(payload));
    if (bot.webhook_url === null) return;
    const record = sim.db.prepare('UPDATE webhook_deliveries SET status = ?, response = ?, error = ? WHERE id = ?');
    try {
      const response = await fetch(bot.webhook_url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.any([inFlight.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      });
      const text = await response.text();
      if (inFlight.signal.aborted) return;
      record.run(response.status, text, null, lastInsertRowid);
      const answer = parseAnswer(text);
      const destination = replyDestination(sim, bot, message);
      if (response.ok && answer !== null && destination !== null) {
        sendMessage(sim, bot, destination, answer, { client: 'OutgoingWebhookResponse', readBySender: true });
      }
    } catch (error) {
      // The bot's server failing never affects the request that sent the message.
      if (!inFlight.signal.aborted) record.run(null, null, error instanceof Error ? error.message : String(error), lastInsertRowid);
    }
  }

  sim.messageSentHooks.push((message, mentions) => {
    const bots = sim.db.prepare('SELECT * FROM users WHERE bot_type = ? AND is_active = 1').all(OUTGOING_WEBHOOK_BOT) as UserRow[];
    for (const bot of bots) {
      const trigger = triggerFor(bot, message, mentions);
      if (trigger !== null) {
        deliver(bot, message, trigger).catch((error: unknown) => process.stderr.write(`[service] outgoing webhook failed: ${String(error)}\n`));
      }
    }
  });

  return { close: () => inFlight.abort() };
}

/** The reply content of a bot's answer, if it asked for one. */
function parseAnswer(text: string): string | null {
  try {
    const answer = JSON.parse(text) as { content?: unknown; response_not_required?: unknown };
    if (answer.response_not_required === true || typeof answer.content !== 'string' || answer.content.trim() === '') return null;
    return answer.content;
  } catch {
    return null;
  }
}

export const webhookReceiverRoute = (path: string): Route => ({
  method: 'POST',
  path,
  params: ['bot_email', 'bot_full_name', 'data', 'trigger', 'token', 'message'],
  auth: 'none',
  handle({ sim, params }) {
    const token = params.requiredString('token');
    const bot = sim.db.prepare('SELECT user_id FROM users WHERE bot_type = ? AND bot_token = ?').get(OUTGOING_WEBHOOK_BOT, token);
    if (bot === undefined) throw badRequest('Invalid token');
    return { response_not_required: true };
  },
});
