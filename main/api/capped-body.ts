// Reading an answer's body without trusting the server about its size: a declared
// Content-Length over the cap is refused before reading, and the bytes are counted as they
// arrive (a chunked or compressed body declares nothing true), so a hostile server can make the
// app hold at most the cap in memory, never what it sends.

/** The whole body, or undefined as soon as it is known to be larger than `maxBytes` (then dropped). */
export async function readCappedBody(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
