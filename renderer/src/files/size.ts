// A file's size as people read it, in the binary units the server's limit is given in (MiB).

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

export function sizeLabel(bytes: number): string {
  if (bytes < KiB) return `${bytes} B`;
  if (bytes < MiB) return `${Math.round(bytes / KiB)} KiB`;
  if (bytes < GiB) return `${(bytes / MiB).toFixed(bytes < 10 * MiB ? 1 : 0)} MiB`;
  return `${(bytes / GiB).toFixed(1)} GiB`;
}
