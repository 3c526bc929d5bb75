// The simulator's message HTML against a real server's, case by case: the 183 Markdown sources
// of shared/reference/real/rendered-markdown.json, and the kinds that file leaves out (mentions,
// channel links, /me, custom emoji, uploads, linkifiers, more code languages) recorded from a real server
// into render/real-extra.json by testing/record-rendering.ts. Each case is rendered in the
// organization the real server rendered it in (testing/realContext.ts: its users, groups, channels
// and custom emoji, from the captured registration), so names resolve to the same IDs.
//
// What is compared (testing/htmlStructure.ts): elements in order with their names and attributes,
// every attribute by exact value except `class`, compared as a set of names; text with entities
// decoded and whitespace collapsed. Not compared: how text is escaped (&#39; or '), whitespace
// between elements and at the edges of text runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NO_CONTEXT, renderMessage } from './render';
import { renderWithParser } from './render/index';
import { htmlStructure } from './testing/htmlStructure';
import { REAL_DIR, realContext, type CapturedUpload } from './testing/realContext';

interface Case {
  name: string;
  input: string;
  rendered: string;
}

const reference = (JSON.parse(readFileSync(`${REAL_DIR}rendered-markdown.json`, 'utf8')) as { cases: Case[] }).cases;
const extra = JSON.parse(readFileSync(new URL('./render/real-extra.json', import.meta.url), 'utf8')) as { uploads: CapturedUpload[]; cases: Case[] };
const context = realContext(extra.uploads);

/**
 * Every case that does not match, with why (none now: each of the 183 sources and of the recorded
 * cases matches). A case that starts or stops matching fails its test until this list says so.
 */
const UNMATCHED: Readonly<Record<string, string>> = {};

/** The kinds every case of which must match, and the cases that show each. */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  'code blocks': [
    'codeblock_hilite_python', 'codeblock_hilite_invented_language', 'codeblock_canonicalize_lang_alias', 'codeblock_multiline',
    'codeblock_trailing_whitespace', 'codeblock_backticks', 'hanging_multi_codeblock', 'four_space_code_block', 'ampampamp',
    'codeblock_hilite_shebang_feature_no_path_1', 'codeblock_hilite_shebang_feature_no_path_2', 'codeblock_hilite_shebang_feature_with_path',
    'codeblock_hilite_startinline_php', 'tex_fenced_tex', 'tex_fenced_latex', 'code_python', 'code_typescript', 'code_javascript', 'code_sql',
    'code_bash', 'code_json', 'code_rust', 'code_language_aliases',
  ],
  quotes: [
    'fenced_normal_quote', 'fenced_nested_quote', 'fenced_complexly_nested_quote', 'empty_single_blockquote', 'empty_multiple_blockquote',
    'non_empty_blockquote', 'multiple_blockquote_with_angular_bracket', 'multiple_blockquote_with_backticks_and_angular_bracket',
    'multiple_blockquote_with_quote_message', 'fenced_quote_with_hashtag', 'fenced_quote_and_list', 'quote_with_mention',
  ],
  lists: [
    'ulist_standard_1', 'ulist_standard_2', 'ulist_standard_3', 'list_complexly_nested', 'list_codeblock_interference', 'ulist_mixed_bullets',
    'ulist_hanging', 'ulist_codeblock_interference', 'ulist_hanging_mixed', 'ulist_hanging_multi', 'ulist_hanging_quoted',
    'ulist_nested_ulist_two_space_indent', 'ulist_list_two_space_indent', 'numbered_list', 'auto_renumbered_list_trick',
    'auto_renumbered_list_from', 'two_auto_renumbered_lists', 'auto_renumbered_list_blankline', 'ulist_with_inline_code', 'nested_bullets',
    'nested_bullets_in_numbers', 'nested_lists_of_both_kinds',
  ],
  tables: ['tables', 'table_aligned'],
  headings: ['hashheading_enabled', 'hashheading_needs_spaces', 'hashheading_multiple_spaces', 'hashheading_6_levels', 'hashheading_7_levels', 'headings'],
  'links and autolinks': [
    'link_with_text', 'link_without_text', 'link_with_empty_text', 'fragment_link', 'not_fragment_link', 'telephone_sms_link',
    'embedded_link_inside_Bold', 'embedded_link_inside_Italic', 'only_non_image_link', 'strikthrough_link', 'linkify_interference',
    'reference_links_disabled', 'angle_autolink_disabled', 'email_autolink', 'safe_html_unclosed_tag_and_quotes', 'linkifiers',
  ],
  'user, group and wildcard mentions': [
    'user_mention', 'silent_user_mention', 'group_mention', 'wildcard_mentions', 'silent_wildcard_mentions', 'unknown_mentions',
    'normal_quote_message', 'user_mention_with_no_message_link', 'user_mention_with_no_narrow_link',
  ],
  'channel and topic links': ['channel_link', 'topic_link', 'message_link', 'unknown_channel_link'],
  emoji: [
    'star_emoji', 'many_emoji', 'random_emoji_1', 'random_emoji_2', 'zulip_emoji', 'realm_emoji', 'unicode_emoji_names', 'emoji_sequence_one',
    'emoji_sequence_two', 'unicode_emoji', 'two_unicode_emoji', 'miscellaneous_symbols_and_arrows', 'emojis_without_space',
    'emoji_pipeline_link', 'skin_tones_are_banned', 'unrecognized_emoji_sequence_three',
  ],
  KaTeX: [
    'tex_inline', 'tex_complex', 'tex_fenced_math', 'tex_money', 'tex_inline_permissive_spacing', 'tex_safe_script_tag',
    'tex_error_safe_script_tag', 'tex_display_no_markdown_inside', 'fenced_quotes_inside_mathblock', 'tex_dollar_smiley',
  ],
  spoilers: ['spoilers_fenced_spoiler', 'spoilers_empty_header', 'spoilers_script_tags', 'spoilers_block_quote', 'spoilers_with_header_markdown', 'spoiler_with_mention'],
  'time mentions': ['timestamp_backend_markdown_only', 'timestamp_timezone', 'timestamp_invalid_input', 'timestamp_unix', 'timestamp_unix_overflow', 'time_mentions'],
  'inline images': [
    'inline_image', 'blockquote_inline_image', 'two_inline_images', 'deduplicate_inline_previews', 'bulleted_list_inlining', 'only_inline_image',
    'only_named_inline_image', 'only_inline_video', 'spoiler_with_inline_image', 'uploaded_image_and_file', 'uploaded_image_alone', 'image_syntax_disabled',
  ],
  '/me': ['me_message'],
};

const matches = (item: Case): boolean => htmlStructure(renderMessage(item.input, context).html) === htmlStructure(item.rendered);

describe.each([
  ['rendered-markdown.json', reference],
  ['real-extra.json', extra.cases],
])('rendering the cases of %s', (_file, cases) => {
  it.each(cases.map((item) => [item.name, item] as const))('%s', (name, item) => {
    const unmatched = UNMATCHED[name];
    if (unmatched === undefined) {
      expect(htmlStructure(renderMessage(item.input, context).html), `${name}: ${JSON.stringify(item.input)}`).toBe(htmlStructure(item.rendered));
    } else {
      expect(matches(item), `${name} now matches: take it out of UNMATCHED`).toBe(false);
    }
  });
});

describe('the case list', () => {
  const byName = new Map([...reference, ...extra.cases].map((item) => [item.name, item]));

  it('covers all 183 captured sources, and names only cases that exist', () => {
    expect(reference).toHaveLength(183);
    expect(byName.size).toBe(reference.length + extra.cases.length);
    for (const name of [...Object.keys(UNMATCHED), ...Object.values(REQUIRED).flat()]) expect(byName.has(name), name).toBe(true);
  });

  it.each(Object.entries(REQUIRED))('has every case of %s matching', (_kind, names) => {
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => UNMATCHED[name] !== undefined)).toEqual([]);
  });
});

describe('plain messages', () => {
  it('render as the Markdown parser would render them, without it', () => {
    const messages = [
      'we should ship the build today',
      "Let's merge it, thanks!\nAnd then deploy (carefully).",
      'First paragraph.\n\nSecond one, with a "quote" and it\'s fine.',
      'Zoë and Émile agreed; the well-known fix works',
      'trailing spaces   \nnext line',
    ];
    for (const message of messages) expect(renderMessage(message, NO_CONTEXT).html, message).toBe(renderWithParser(message, NO_CONTEXT).html);
  });
});
