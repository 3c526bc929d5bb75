// KaTeX, loaded once the app is idle after its start (preloadKatex) or else the first time a
// message holds maths, draws a TeX source. It draws again from the source the server kept in its
// MathML, rather than showing the server's markup: that markup sets its layout in style
// attributes, which the CSP refuses. KaTeX sets most of its styles through the DOM's style
// objects; the few it writes as attributes (on SVG and MathML parts) are carried over here the
// same way, so nothing breaks the CSP.
import type { KatexOptions } from 'katex';

type Katex = typeof import('katex');

let loading: Promise<Katex> | undefined;

/** KaTeX and its stylesheet (with its fonts, bundled with the app). */
export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([katex]) => katex);
  return loading;
}

/** KaTeX's faces nearly every formula uses: the rest load when a formula needs them. */
const COMMON_FACES = ['1em KaTeX_Main', 'italic 1em KaTeX_Math'];

/**
 * KaTeX, its stylesheet and its common fonts, loaded while the app is idle: otherwise the first
 * conversation holding maths waits for them (and redraws as the fonts come) as it opens.
 */
export function preloadKatex(): void {
  requestIdleCallback(() => void loadKatex().then(() => Promise.all(COMMON_FACES.map((face) => document.fonts.load(face)))));
}

/** A part of KaTeX's tree: styles given as an attribute are moved to a data attribute. */
interface TreePart {
  attributes?: Record<string, string>;
  children?: TreePart[];
}

const MOVED = 'data-katex-style';

function moveStyles(part: TreePart): void {
  const style = part.attributes?.['style'];
  if (part.attributes && style !== undefined) {
    delete part.attributes['style'];
    part.attributes[MOVED] = style;
  }
  part.children?.forEach(moveStyles);
}

const OPTIONS: KatexOptions = { throwOnError: false, output: 'htmlAndMathml', trust: false, strict: 'ignore', maxExpand: 1000 };

/** `tex` drawn into `into` (its content replaced). */
export function drawMath(katex: Katex, tex: string, display: boolean, into: HTMLElement): void {
  const tree = katex.__renderToDomTree(tex, { ...OPTIONS, displayMode: display });
  moveStyles(tree);
  const node = tree.toNode();
  into.replaceChildren(node);
  for (const element of into.querySelectorAll<HTMLElement | SVGElement>(`[${MOVED}]`)) {
    element.style.cssText = element.getAttribute(MOVED) ?? '';
    element.removeAttribute(MOVED);
  }
}
