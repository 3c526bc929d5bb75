// Maths in messages, rendered on the server with KaTeX as real servers of the family do: their
// markup is KaTeX 0.16.22's renderToString with its default options, byte for byte, which later
// KaTeX releases no longer give (0.16.47 already differs). So the simulator has that version under
// its own name, `katex-sim` (an alias of katex@0.16.22), beside the client's newer katex.
// null when KaTeX cannot read the source.
import katex from 'katex-sim';

export function renderTex(source: string, display: boolean): string | null {
  try {
    return katex.renderToString(source, { displayMode: display, throwOnError: true });
  } catch {
    return null;
  }
}
