// Links to channels, topics and messages inside the app, in the family's URL fragment form:
// /#narrow/channel/ID-name/topic/name/near/ID, each part percent-encoded with "." for "%".
import { escapeHtml } from './escape';

/** Python's quote(text, safe=''), then "." spelled ".2E" and "%" spelled ".". */
export function encodeHashComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/\./g, '%2E')
    .replace(/%/g, '.');
}

export function channelNarrow(channel: { stream_id: number; name: string }): string {
  return `/#narrow/channel/${channel.stream_id}-${encodeHashComponent(channel.name.replace(/ /g, '-'))}`;
}

/**
 * `#**channel**`, `#**channel>topic**` and `#**channel>topic@id**`. A topic link names the topic's
 * oldest message (`/with/<id>`) when it has one, as real servers do, so it follows the topic if it moves.
 */
export function channelLinkHtml(channel: { stream_id: number; name: string }, topic: string | undefined, messageId: number | undefined, firstInTopic?: number): string {
  const base = channelNarrow(channel);
  const name = escapeHtml(channel.name);
  if (topic === undefined) return `<a class="stream" data-stream-id="${channel.stream_id}" href="${base}">#${name}</a>`;
  const topicPath = `${base}/topic/${encodeHashComponent(topic)}`;
  if (messageId === undefined) {
    const href = firstInTopic === undefined ? topicPath : `${topicPath}/with/${firstInTopic}`;
    return `<a class="stream-topic" data-stream-id="${channel.stream_id}" href="${escapeHtml(href)}">#${name} &gt; ${escapeHtml(topic)}</a>`;
  }
  return `<a class="message-link" href="${escapeHtml(`${topicPath}/near/${messageId}`)}">#${name} &gt; ${escapeHtml(topic)} @ 💬</a>`;
}
