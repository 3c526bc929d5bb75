// GET /messages/{message_id}/history: every version of a message, oldest first, as real servers
// answer it: the version sent (its sender, its time), then one entry per edit or move (the editor,
// the edit's time, what it changed), each with the content and topic current after it. Real
// servers also send content_html_diff, their own HTML diff of an edit; the simulator does not.
import { accessibleMessage } from '../access';
import type { Sim } from '../context';
import type { MessageRow } from '../db/rows';
import { editsOf } from '../editHistory/store';
import { editHistoryPolicy } from '../editHistory/visibility';
import { badRequest } from '../http/errors';
import type { Route } from '../http/router';
import { shownTopic } from '../topics';

interface Version {
  content: string;
  rendered_content: string;
  timestamp: number;
  topic: string;
  user_id: number;
  prev_topic?: string;
  prev_stream?: number;
  stream?: number;
  prev_content?: string;
  prev_rendered_content?: string;
}

/** Works back from the message as it is now through its edits, newest first; answers oldest first. */
function versions(sim: Sim, message: MessageRow, allowEmptyTopic: boolean): Version[] {
  const displayName = sim.realm().empty_topic_display_name;
  // Direct messages have no topic: real servers give "" in every version.
  const shown = (topic: string): string => (message.type === 'stream' ? shownTopic(topic, displayName, allowEmptyTopic) : '');
  let content = message.content;
  let rendered = message.rendered_content;
  let topic = shown(message.topic);
  const newestFirst: Version[] = [];
  for (const edit of editsOf(sim.db, message.id)) {
    const version: Version = { content, rendered_content: rendered, timestamp: edit.timestamp, topic, user_id: edit.user_id };
    if (edit.prev_topic !== null) {
      topic = shown(edit.prev_topic);
      version.prev_topic = topic;
    }
    if (edit.prev_stream !== null && edit.stream !== null) {
      version.prev_stream = edit.prev_stream;
      version.stream = edit.stream;
    }
    if (edit.prev_content !== null && edit.prev_rendered_content !== null) {
      content = edit.prev_content;
      rendered = edit.prev_rendered_content;
      version.prev_content = content;
      version.prev_rendered_content = rendered;
    }
    newestFirst.push(version);
  }
  newestFirst.push({ content, rendered_content: rendered, timestamp: message.timestamp, topic, user_id: message.sender_id });
  return newestFirst.reverse();
}

/**
 * What "moves only" leaves: the version sent and the moves, without what an edit did to the
 * content (each version still carries the content current after it, as real servers send it).
 */
function movesOnly(all: Version[]): Version[] {
  return all
    .filter((version) => version.prev_content === undefined || version.prev_topic !== undefined || version.prev_stream !== undefined)
    .map((version) => {
      const shown = { ...version };
      delete shown.prev_content;
      delete shown.prev_rendered_content;
      return shown;
    });
}

export const messageHistoryRoutes: Route[] = [
  {
    method: 'GET',
    path: '/messages/{message_id}/history',
    params: ['allow_empty_topic_name'],
    handle({ sim, user, params, path }) {
      // Real servers refuse before looking at the message, so an unknown one gets this answer too.
      const policy = editHistoryPolicy(sim.realm());
      if (policy === 'none') throw badRequest('Message edit history is disabled in this organization');
      const message = accessibleMessage(sim.db, user, path.int('message_id'));
      const all = versions(sim, message, params.bool('allow_empty_topic_name') ?? false);
      return { message_history: policy === 'moves' ? movesOnly(all) : all };
    },
  },
];
