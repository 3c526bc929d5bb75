// What a message says, as typed nodes: the server's HTML is sanitized, then read once into these
// (parse.ts), and components render them (Blocks.svelte). Nothing downstream sees the HTML.

/** Where a link goes, decided once when the HTML is read (links.ts). */
export type LinkTarget =
  /** A page outside the organization: opened in the system browser. */
  | { kind: 'external'; url: string }
  /** A place in this organization (channel, topic, message, direct conversation): opened in the app. */
  | { kind: 'narrow'; url: string; narrow: Narrow }
  /** A file uploaded to the organization (`/user_uploads/...`). */
  | { kind: 'upload'; url: string; path: string }
  /** Nothing the app may follow (a scheme it does not open, or a URL the sanitizer removed). */
  | { kind: 'none' };

/** A narrow of a link to the organization, as far as the app can open one. */
export type Narrow =
  | { kind: 'channel'; stream_id: number; topic?: string; near?: number }
  | { kind: 'dm'; user_ids: number[]; near?: number }
  | { kind: 'view'; view: 'starred' | 'mentions' | 'combined' | 'search' }
  /** Any other narrow (a search, a sender…): shown on the organization's own site. */
  | { kind: 'other' };

export type MentionKind = 'user' | 'group' | 'channel-wildcard' | 'topic-wildcard';

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'strong' | 'emphasis' | 'deleted'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; target: LinkTarget; title: string | null; children: Inline[] }
  /** `id`: the user's or group's id; null for wildcards. Silent mentions notify nobody. */
  | { kind: 'mention'; mention: MentionKind; id: number | null; silent: boolean; text: string }
  | { kind: 'emoji'; name: string; unicode: string }
  /** A custom emoji of the organization, or one of the family's extra emoji: `src` is its path on the server. */
  | { kind: 'image-emoji'; name: string; src: string | null }
  /** An image outside a preview: shown when it is the organization's (`src`, its path), else said by `alt`. */
  | { kind: 'image'; src: string | null; alt: string }
  | { kind: 'math'; tex: string }
  /** A time mention, `seconds` since the epoch; `text` is what the sender wrote. */
  | { kind: 'time'; seconds: number; text: string }
  /** Maths or a time the server could not read: shown as written, marked. */
  | { kind: 'invalid'; what: 'math' | 'time'; text: string }
  /** An element the app does not know: its content is shown as text. */
  | { kind: 'unknown'; children: Inline[] };

export interface TableCell {
  align: 'left' | 'center' | 'right' | null;
  children: Inline[];
}

/**
 * One inline image preview. Image addresses are paths on the organization's server (shown through
 * main, with the key), or null for an image elsewhere, which is never loaded.
 */
export interface ImagePreview {
  /** The thumbnail, or the image itself. */
  src: string | null;
  /** The full image, when it is the organization's. */
  full: string | null;
  /** Where the preview links: the full image, or the page it shows. */
  href: LinkTarget;
  title: string | null;
  /** The original's size, when the server said it (uploads). */
  width: number | null;
  height: number | null;
}

export type Block =
  /** `implicit`: text directly in a list item or quote, laid out without a paragraph's margins. */
  | { kind: 'paragraph'; implicit: boolean; children: Inline[] }
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { kind: 'quote'; children: Block[] }
  /** Code with the server's Pygments token classes (`token` null: plain text). */
  | { kind: 'code-block'; language: string | null; tokens: CodeToken[] }
  | { kind: 'rule' }
  | { kind: 'table'; head: TableCell[]; rows: TableCell[][] }
  | { kind: 'math-block'; tex: string }
  | { kind: 'spoiler'; header: Block[]; content: Block[] }
  /** Consecutive inline image previews, shown side by side. */
  | { kind: 'images'; images: ImagePreview[] }
  /** A video file: shown as a link to it (the app plays nothing inline). */
  | { kind: 'video'; href: LinkTarget; title: string | null }
  /** A video of a site (YouTube, Vimeo): its preview image, linking to it. */
  | { kind: 'embed-video'; href: LinkTarget; thumbnail: string | null; title: string | null }
  /** A link preview (`message_embed`): a card with title, description and image (its path on the organization's server). */
  | { kind: 'embed'; href: LinkTarget; title: string | null; description: string | null; image: string | null }
  | { kind: 'unknown'; children: Block[] };

export interface CodeToken {
  text: string;
  /** The Pygments token class (`k`, `nf`, `s2`…), or null for plain text. */
  token: string | null;
}

/** A message's content as read once. */
export interface Content {
  blocks: Block[];
  /** Whether any maths is in it: KaTeX is loaded only then. */
  hasMath: boolean;
}
