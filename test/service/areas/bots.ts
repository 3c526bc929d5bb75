// Bot creation, `POST /bots`: not one of the spec's operations, served in the shape real servers
// use, so that a test can create an outgoing-webhook bot whose deliveries go to a URL it chooses.
// The bot belongs to its creator; an outgoing-webhook bot gets its per-bot token.
import { getUser, getUserByEmail, ROLE } from '../access';
import { nowSeconds } from '../context';
import type { UserRow } from '../db/rows';
import { inSystemGroup } from '../groups';
import { badRequest } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { REALM_PERMISSIONS } from '../permissions';
import { avatarUrl } from '../records/user';
import { generateApiKey } from '../seed/keys';
import { publishPerson } from './users';
import { OUTGOING_WEBHOOK_BOT } from './webhooks';

const BOT_TYPE = { generic: 1, incomingWebhook: 2, outgoingWebhook: OUTGOING_WEBHOOK_BOT, embedded: 4 } as const;
const BOT_TYPES: readonly number[] = Object.values(BOT_TYPE);
const MAX_NAME_LENGTH = 100;
const SHORT_NAME = /^[a-z0-9._-]+$/i;

/** Incoming-webhook bots only send messages, so a wider group may create them. */
function mayCreate(user: UserRow, botType: number): boolean {
  if (inSystemGroup(user, REALM_PERMISSIONS.realm_can_create_bots_group)) return true;
  return botType === BOT_TYPE.incomingWebhook && inSystemGroup(user, REALM_PERMISSIONS.realm_can_create_write_only_bots_group);
}

function payloadUrl(params: Params, botType: number): string | null {
  if (botType !== BOT_TYPE.outgoingWebhook) return null;
  const url = params.requiredString('payload_url').trim();
  try {
    if (['http:', 'https:'].includes(new URL(url).protocol)) return url;
  } catch {
    // Reported below, as for any URL that is not http(s).
  }
  throw badRequest('payload_url is not a URL');
}

export const botRoutes: Route[] = [
  {
    method: 'POST',
    path: '/bots',
    params: ['full_name', 'short_name', 'bot_type', 'payload_url', 'interface_type', 'service_name'],
    handle({ sim, user, params }) {
      const botType = params.int('bot_type') ?? BOT_TYPE.generic;
      if (!BOT_TYPES.includes(botType)) throw badRequest('Invalid bot type');
      if (botType === BOT_TYPE.embedded) throw badRequest('Embedded bots are not enabled.');
      if (!mayCreate(user, botType)) throw badRequest('Insufficient permission');
      const fullName = params.requiredString('full_name').trim();
      if (fullName === '' || fullName.length > MAX_NAME_LENGTH) throw badRequest('Invalid full name');
      const shortName = params.requiredString('short_name').trim();
      if (!SHORT_NAME.test(shortName)) throw badRequest('Bad name or username');
      const email = `${shortName}-bot@${sim.realm().host}`;
      if (getUserByEmail(sim.db, email) !== undefined) throw badRequest('Username already in use');
      const webhookUrl = payloadUrl(params, botType);

      const apiKey = generateApiKey();
      const { lastInsertRowid } = sim.db
        .prepare(
          `INSERT INTO users (email, full_name, api_key, role, is_bot, bot_type, bot_owner_id, bot_token, webhook_url, date_joined)
           VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
        )
        .run(email, fullName, apiKey, ROLE.member, botType, user.user_id, botType === BOT_TYPE.outgoingWebhook ? generateApiKey() : null, webhookUrl, nowSeconds());
      const bot = getUser(sim.db, Number(lastInsertRowid));
      if (bot === undefined) throw new Error('the bot just created is missing');
      publishPerson(sim, bot, 'add');
      return {
        user_id: bot.user_id,
        api_key: apiKey,
        bot_email: email,
        avatar_url: avatarUrl(bot),
        default_sending_stream: null,
        default_events_register_stream: null,
        default_all_public_streams: false,
      };
    },
  },
];
