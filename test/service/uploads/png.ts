// Small images made in code (so the simulator ships no binary files), and the pixel size of an
// uploaded image read from its header, as real servers record it for the inline preview.
import { crc32, deflateSync } from 'node:zlib';

/** A solid-colour PNG of the given size. */
export function pngBytes(width: number, height: number, [r, g, b]: readonly [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** `WIDTHxHEIGHT` of a PNG, GIF or JPEG, or null when the bytes are none of these. */
export function imageDimensions(bytes: Buffer): string | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
  if (bytes.length >= 10 && bytes.toString('ascii', 0, 3) === 'GIF') return `${bytes.readUInt16LE(6)}x${bytes.readUInt16LE(8)}`;
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker, which holds the size.
    let offset = 2;
    while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
      const marker = bytes[offset + 1] ?? 0;
      const length = bytes.readUInt16BE(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return `${bytes.readUInt16BE(offset + 7)}x${bytes.readUInt16BE(offset + 5)}`;
      }
      offset += 2 + length;
    }
  }
  return null;
}
