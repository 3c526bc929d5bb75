import DOMPurify from 'dompurify';

// Server HTML (rendered_content, rendered_description, profile rendered_value) is untrusted.
// Inline styles are dropped (CSS tricks, and the CSP forbids them anyway); links open outside.
// Nothing in it may make the page fetch by itself from elsewhere (a tracking pixel if the CSP
// were ever wrong): images of the organization's own server are shown through main, which
// fetches them with the key; every other fetching URL is removed.

/** Maps an image URL of the organization's server to where the app shows it from; null: not shown. */
export type ImageUrl = (url: string) => string | null;

/** Attributes the browser fetches by itself, without the user following a link. */
const FETCHING_ATTRIBUTES = ['src', 'srcset', 'poster', 'background', 'data', 'ping', 'lowsrc', 'dynsrc'];
/** Of those, the ones that show a still image, which main can serve. */
const IMAGE_ATTRIBUTES: Record<string, string> = { IMG: 'src', VIDEO: 'poster' };
/** Elements whose href the user follows; elsewhere (SVG image, feImage) an href is fetched. */
const LINK_ELEMENTS = new Set(['A', 'a', 'AREA']);
/** CSS url() in a presentation attribute, unless it points into the document (#id). */
const EXTERNAL_CSS_URL = /url\s*\(\s*(?!['"]?#)/i;
/** Resolves relative URLs as the server's own, as a browser would: "/\host" and "//host" leave it. */
const PLACEHOLDER = new URL('https://organization.invalid/');

let imageUrl: ImageUrl = () => null;

function organizationImage(value: string): string | null {
  const url = URL.parse(value, PLACEHOLDER);
  if (!url) return null;
  return imageUrl(url.origin === PLACEHOLDER.origin ? `${url.pathname}${url.search}` : url.href);
}

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  const shown = IMAGE_ATTRIBUTES[node.tagName];
  for (const name of FETCHING_ATTRIBUTES) {
    const value = node.getAttribute(name);
    if (value === null) continue;
    const rewritten = name === shown ? organizationImage(value) : null;
    if (rewritten === null) node.removeAttribute(name);
    else node.setAttribute(name, rewritten);
  }
  if (!LINK_ELEMENTS.has(node.tagName)) {
    node.removeAttribute('href');
    node.removeAttribute('xlink:href');
  }
  for (const { name, value } of [...node.attributes]) if (EXTERNAL_CSS_URL.test(value)) node.removeAttribute(name);
});

/** `html` made safe to insert; images of the organization's server go through `images`, others are removed. */
export function sanitizeHtml(html: string, images: ImageUrl = () => null): string {
  imageUrl = images;
  try {
    return DOMPurify.sanitize(html, {
      FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
      FORBID_ATTR: ['style', 'class', 'id'],
      // "//host" and "/\host" are other servers, however they are written.
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?![/\\]))/i,
    });
  } finally {
    imageUrl = () => null;
  }
}
