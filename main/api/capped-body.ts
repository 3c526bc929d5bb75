// Reading an answer's body without trusting the server about its size: a declared
// Content-Length over the cap is refused before reading, and the bytes are counted as they
// arrive (a chunked or compressed body declares nothing true), so a hostile server can make the
// app hold at most the cap in memory, never what it sends.

/** The whole body, or undefined as soon as it is known to be larger than `maxBytes` (then dropped). */
export async function readCappedBody(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  const total = await readCapped(response, maxBytes, (chunk) => chunks.push(chunk));
  return total === undefined ? undefined : Buffer.concat(chunks, total);
}

/**
 * The whole body as UTF-8 text, or undefined as readCappedBody. Each chunk is decoded as it
 * arrives and let go: the bytes of a large answer (a registration of 100,000 users) are never all
 * held at once, nor copied into one buffer beside the text.
 */
export async function readCappedText(response: Response, maxBytes: number): Promise<string | undefined> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  const total = await readCapped(response, maxBytes, (chunk) => parts.push(decoder.decode(chunk, { stream: true })));
  if (total === undefined) return undefined;
  parts.push(decoder.decode());
  return parts.join('');
}

/** Hands each chunk to `take`; the byte count, or undefined once over `maxBytes` (the rest is cancelled). */
async function readCapped(response: Response, maxBytes: number, take: (chunk: Uint8Array) => void): Promise<number | undefined> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.body) return 0;
  const reader = response.body.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    take(value);
  }
}
