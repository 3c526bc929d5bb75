// Saves text the user asked to export as a file through the browser's own download, so no
// file system access is needed in the renderer.
export function saveText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The click starts the download synchronously; the URL can go once it has been handed over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
