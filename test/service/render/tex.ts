// Maths in messages, rendered on the server with KaTeX as real servers of the family do (their
// markup is KaTeX 0.16.22's renderToString with its default options, which is what the pinned
// katex package produces byte for byte); null when KaTeX cannot read the source.
import katex from 'katex';

export function renderTex(source: string, display: boolean): string | null {
  try {
    return katex.renderToString(source, { displayMode: display, throwOnError: true });
  } catch {
    return null;
  }
}
