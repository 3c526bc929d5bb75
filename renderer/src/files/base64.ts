// A part of a file as base64, which the IPC carries in its JSON: encoded by the browser itself,
// never by a loop over the bytes in JavaScript.

/** Uint8Array's own toBase64 (Chromium 140 and later, Electron 45's included): faster than a data: URL. */
const nativeToBase64: unknown = Reflect.get(Uint8Array.prototype, 'toBase64');

export async function readAsBase64(part: Blob): Promise<string> {
  if (typeof nativeToBase64 === 'function') return String(nativeToBase64.call(new Uint8Array(await part.arrayBuffer())));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(part);
  });
}
