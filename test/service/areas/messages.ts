// Sending and fetching messages, and checking which messages match a narrow.
import { readBySenderByDefault } from '../http/client-name';
import { badRequest, missingArgument } from '../http/errors';
import type { Params } from '../http/params';
import type { Route } from '../http/router';
import { highlight } from '../messaging/narrow';
import { MAX_MESSAGES, resolveAnchor, selectMessages, selectRange } from '../messaging/range';
import { destinationFor, normalizeContent, renderContent, sendMessage } from '../messaging/send';
import { messageRecord, viewerFlags } from '../records/message';
import { escapeHtml } from '../render';
import { shownTopic } from '../topics';

/** `to` may be JSON (an ID, a list) or a bare channel name / comma-separated emails. */
function parseTo(params: Params): unknown {
  const raw = params.requiredString('to');
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw.includes('@') ? raw.split(',').map((item) => item.trim()) : raw;
  }
}

export const messageRoutes: Route[] = [
  {
    method: 'POST',
    path: '/messages',
    params: ['type', 'to', 'content', 'topic', 'read_by_sender', 'queue_id', 'local_id'],
    handle({ sim, user, client, params }) {
      const destination = destinationFor(sim, user, params.requiredString('type'), parseTo(params), params.string('topic'));
      const content = params.requiredString('content');
      // Local echo: the sender's queue named here gets the local id back in the message event.
      const queueId = params.string('queue_id');
      const localId = params.string('local_id');
      if (queueId !== undefined && localId === undefined) throw missingArgument('local_id');
      const echo = queueId !== undefined && localId !== undefined ? { queueId, localId } : undefined;
      // Unsaid, read for the sender only from the family's own apps, as its servers decide.
      const readBySender = params.bool('read_by_sender') ?? readBySenderByDefault(client);
      const message = sendMessage(sim, user, destination, content, { client, readBySender, ...(echo && { echo }) });
      return { id: message.id };
    },
  },
  {
    method: 'GET',
    path: '/messages',
    params: ['anchor', 'include_anchor', 'num_before', 'num_after', 'narrow', 'apply_markdown', 'client_gravatar', 'allow_empty_topic_name'],
    handle({ sim, user, params }) {
      const numBefore = params.int('num_before');
      const numAfter = params.int('num_after');
      if (numBefore === undefined) throw missingArgument('num_before');
      if (numAfter === undefined) throw missingArgument('num_after');
      if (numBefore < 0 || numAfter < 0) throw badRequest('Invalid num_before or num_after');
      if (numBefore + numAfter > MAX_MESSAGES) throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES}).`);
      const narrow = params.json('narrow');
      const anchor = resolveAnchor(sim, user, params.string('anchor') ?? 'newest', narrow);
      const range = selectRange(sim, user, narrow, { anchor, includeAnchor: params.bool('include_anchor') ?? true, numBefore, numAfter });
      const view = { realm: sim.realm(), applyMarkdown: params.bool('apply_markdown') ?? true, allowEmptyTopic: params.bool('allow_empty_topic_name') ?? false, dialect: sim.config.dialect };
      const words = range.searchWords;
      const messages = range.messages.map((message) => {
        const record: Record<string, unknown> = { ...messageRecord(sim.db, message, view), flags: viewerFlags(sim.db, user.user_id, message.id) };
        if (words.length > 0) {
          record['match_content'] = highlight(message.rendered_content, words);
          record['match_subject'] = highlight(escapeHtml(String(record['subject'])), words);
        }
        return record;
      });
      return {
        anchor,
        found_anchor: range.foundAnchor,
        found_oldest: range.foundOldest,
        found_newest: range.foundNewest,
        history_limited: false,
        messages,
      };
    },
  },
  {
    // What a message would look like, without sending it (the compose box's preview).
    method: 'POST',
    path: '/messages/render',
    params: ['content'],
    handle({ sim, params }) {
      return { rendered: renderContent(sim, normalizeContent(params.requiredString('content'))) };
    },
  },
  {
    method: 'GET',
    path: '/messages/matches_narrow',
    params: ['msg_ids', 'narrow'],
    handle({ sim, user, params }) {
      const ids = params.requiredIntList('msg_ids');
      const narrow = params.requiredJson('narrow');
      if (ids.length === 0) return { messages: {} };
      const { rows, searchWords } = selectMessages(sim, user, narrow, `m.id IN (${ids.map(() => '?').join(',')})`, ids, 'ORDER BY m.id');
      const emptyTopic = sim.realm().empty_topic_display_name;
      const messages = Object.fromEntries(
        rows.map((message) => [
          String(message.id),
          {
            match_content: highlight(message.rendered_content, searchWords),
            match_subject: highlight(escapeHtml(message.type === 'stream' ? shownTopic(message.topic, emptyTopic, false) : ''), searchWords),
          },
        ]),
      );
      return { messages };
    },
  },
];
