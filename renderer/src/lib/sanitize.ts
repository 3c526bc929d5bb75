// Server HTML (rendered_content, rendered_description, profile rendered_value) is untrusted. It is
// sanitized here, and only here, into a plain tree that content/parse.ts reads into typed nodes;
// components render those. The HTML never becomes DOM: it is read by a standards-following HTML
// parser written in JavaScript (parse5), not the page's, so nothing in it can run or fetch, and
// the server's style attributes (KaTeX writes hundreds) do not each trip the CSP, as a parse by the
// page's DOM would (Chromium applies the page's CSP to DOMParser and template documents too).
// Kept: the elements a person reads and the attributes the reading needs; dropped: whatever
// acts (scripts, styles, forms, frames), every other attribute, and URLs of schemes that run.
import { defaultTreeAdapter, parseFragment, type DefaultTreeAdapterMap } from 'parse5';

export interface HtmlElement {
  kind: 'element';
  /** Lower case, as the HTML parser names it (MathML's as written: `annotation`, `semantics`). */
  tag: string;
  attrs: ReadonlyMap<string, string>;
  children: HtmlNode[];
}

export interface HtmlText {
  kind: 'text';
  text: string;
}

export type HtmlNode = HtmlElement | HtmlText;

type Parse5Node = DefaultTreeAdapterMap['childNode'];

/** Elements dropped with everything inside them: they act, or hold nothing a person reads. */
const DROPPED = new Set(['script', 'style', 'template', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'link', 'meta', 'base', 'title', 'head', 'svg', 'annotation-xml']);

/** The attributes content/parse.ts reads; no other survives. */
const KEPT_ATTRIBUTES = new Set([
  'class',
  'href',
  'src',
  'title',
  'alt',
  'datetime',
  'start',
  'align',
  'encoding',
  'aria-label',
  // A table cell's alignment, a link preview's image: read as those two patterns, never applied.
  'style',
  'data-code-language',
  'data-user-id',
  'data-user-group-id',
  'data-stream-id',
  'data-original-dimensions',
]);

const URL_ATTRIBUTES = new Set(['href', 'src']);
/** Schemes that run or smuggle content: javascript:, vbscript:, data:, however they are spelled. */
const RUNNING_SCHEME = /^(?:javascript|vbscript|data|blob|file):/i;
// eslint-disable-next-line no-control-regex -- browsers ignore these characters inside a scheme
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f]/g;

function sanitizeNode(node: Parse5Node): HtmlNode[] {
  if (defaultTreeAdapter.isTextNode(node)) return [{ kind: 'text', text: defaultTreeAdapter.getTextNodeContent(node) }];
  if (!defaultTreeAdapter.isElementNode(node)) return [];
  const tag = defaultTreeAdapter.getTagName(node);
  if (DROPPED.has(tag)) return [];
  const attrs = new Map<string, string>();
  for (const { name, value } of defaultTreeAdapter.getAttrList(node)) {
    if (!KEPT_ATTRIBUTES.has(name)) continue;
    if (URL_ATTRIBUTES.has(name) && RUNNING_SCHEME.test(value.replace(IGNORED_IN_URL, ''))) continue;
    attrs.set(name, value);
  }
  return [{ kind: 'element', tag, attrs, children: node.childNodes.flatMap(sanitizeNode) }];
}

/** `html` as a sanitized tree, for content/parse.ts to read. */
export function sanitizeServerHtml(html: string): HtmlNode[] {
  return parseFragment(html).childNodes.flatMap(sanitizeNode);
}
