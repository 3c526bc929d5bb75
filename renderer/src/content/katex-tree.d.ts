// KaTeX's tree before it becomes DOM: exported by the package (for integrations that post-process
// it) but missing from its typings.
import 'katex';

declare module 'katex' {
  export interface DomTreeNode {
    attributes?: Record<string, string>;
    children?: DomTreeNode[];
    toNode(): Node;
  }
  export function __renderToDomTree(tex: string, options?: KatexOptions): DomTreeNode;
}
