// Where the caret of a textarea is, relative to the textarea's box: measured on a hidden copy of
// it with the same font, width and wrapping, so a list can open at the caret.
const COPIED = ['boxSizing', 'width', 'paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft', 'borderTopWidth', 'borderLeftWidth', 'fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing', 'tabSize'] as const;

export function caretOffset(textarea: HTMLTextAreaElement): { left: number; top: number } {
  const copy = document.createElement('div');
  const style = getComputedStyle(textarea);
  for (const property of COPIED) copy.style[property] = style[property];
  Object.assign(copy.style, { position: 'absolute', visibility: 'hidden', whiteSpace: 'pre-wrap', overflowWrap: 'break-word', top: '0', left: '-9999px' });
  copy.textContent = textarea.value.slice(0, textarea.selectionStart);
  const marker = document.createElement('span');
  marker.textContent = '\u200b';
  copy.append(marker);
  document.body.append(copy);
  const offset = { left: marker.offsetLeft, top: marker.offsetTop - textarea.scrollTop };
  copy.remove();
  return offset;
}
