// Files dropped on a part of the window (the compose box, the conversation): handed on, and the
// part marked while files are dragged over it. Only files: dragged text and links are left to
// the browser, which puts them in a text field.

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/** A Svelte action: `use:fileDrop={(files) => ...}`; the node has `data-dropping` while files are over it. */
export function fileDrop(node: HTMLElement, onFiles: (files: File[]) => void) {
  let handler = onFiles;
  // dragenter and dragleave come for every child crossed: counted, so leaving a child is not leaving.
  let depth = 0;
  const over = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const enter = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth += 1;
    node.dataset['dropping'] = '';
  };
  const leave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (depth === 0) delete node.dataset['dropping'];
  };
  const drop = (event: DragEvent) => {
    depth = 0;
    delete node.dataset['dropping'];
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    // The innermost part that takes files has them.
    event.stopPropagation();
    handler(files);
  };
  node.addEventListener('dragover', over);
  node.addEventListener('dragenter', enter);
  node.addEventListener('dragleave', leave);
  node.addEventListener('drop', drop);
  return {
    update(next: (files: File[]) => void) {
      handler = next;
    },
    destroy() {
      node.removeEventListener('dragover', over);
      node.removeEventListener('dragenter', enter);
      node.removeEventListener('dragleave', leave);
      node.removeEventListener('drop', drop);
    },
  };
}

/**
 * Files dropped anywhere else in the window are refused: the browser would otherwise open the
 * file in place of the app.
 */
export function refuseStrayDrops(target: Window): void {
  const refuse = (event: DragEvent) => {
    if (carriesFiles(event)) event.preventDefault();
  };
  target.addEventListener('dragover', refuse);
  target.addEventListener('drop', refuse);
}
