// A quote of a message to reply with, in the family's own Markdown: who said it (a silent mention,
// linked to the message), then its source in a quote block whose fence is longer than any fence
// inside it, so a quoted code block stays whole.

export interface Quoted {
  id: number;
  sender_id: number;
  sender_full_name: string;
}

export function quoteAndReply(message: Quoted, source: string, server_url: string): string {
  const longest = Math.max(2, ...[...source.matchAll(/^ {0,3}(`{3,}|~{3,})/gm)].map((match) => match[1]!.length));
  const fence = '`'.repeat(longest + 1);
  const link = `${server_url.replace(/\/+$/, '')}/#narrow/near/${message.id}`;
  return `@_**${message.sender_full_name}|${message.sender_id}** [said](${link}):\n${fence}quote\n${source}\n${fence}\n`;
}
