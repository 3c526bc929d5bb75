// A small Markdown subset rendered to HTML: paragraphs, line breaks, **bold**, *italic*, `code`
// and @**Name** mentions. Everything else is escaped text.

export interface MentionTarget {
  user_id: number;
  full_name: string;
}

export const WILDCARDS: Readonly<Record<string, 'stream' | 'topic'>> = { all: 'stream', everyone: 'stream', channel: 'stream', stream: 'stream', topic: 'topic' };

const MENTION = /@_?\*\*([^*\n]+?)\*\*/g;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function unescapeHtml(text: string): string {
  return text.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The names inside @**...** mentions; `Name|42` keeps only the name. */
export function mentionedNames(content: string): string[] {
  return [...content.matchAll(MENTION)].map((match) => (match[1] ?? '').split('|')[0]?.trim() ?? '');
}

export function renderMarkdown(content: string, resolve: (name: string) => MentionTarget | undefined = () => undefined): string {
  return content
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${renderInline(paragraph, resolve)}</p>`)
    .join('\n');
}

function renderInline(text: string, resolve: (name: string) => MentionTarget | undefined): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/@_?\*\*([^*\n]+?)\*\*/g, (whole, inner: string) => {
      const name = unescapeHtml(inner.split('|')[0]?.trim() ?? '');
      const wildcard = WILDCARDS[name.toLowerCase()];
      if (wildcard !== undefined) {
        const kind = wildcard === 'topic' ? 'topic-mention' : 'channel-wildcard-mention';
        return `<span class="user-mention ${kind}" data-user-id="*">@${escapeHtml(name)}</span>`;
      }
      const target = resolve(name);
      return target === undefined ? whole : `<span class="user-mention" data-user-id="${target.user_id}">@${escapeHtml(target.full_name)}</span>`;
    })
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>')
    .replace(/\n/g, '<br>\n');
}
