// Names of files saved, downloaded or uploaded: whatever a sender called a file, the name written
// is one file in the folder chosen, visible, allowed on every system, and never replaces a file
// there unasked; upload links and paths are the family's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachment } from '../../../main/app/downloads';
import { freeFileName } from '../../../main/files/saved-file';
import { isUploadThumbnailPath, isUserUploadPath, uploadLink } from '../../../shared/api/uploads';
import { MAX_FILE_NAME_BYTES, safeFileName } from '../../../shared/file-names';

describe('a safe file name', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\Windows\\System32\\evil.dll', 'evil.dll'],
    ['/absolute/path.txt', 'path.txt'],
    ['C:report.txt', 'Creport.txt'],
    ['line\nbreak\r\tand\u0000nul\u007f\u0085.txt', 'linebreakandnul.txt'],
    // U+202E makes "invoice\u202Efdp.exe" read as "invoiceexe.pdf".
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['zero\u200Bwidth\uFEFF.txt', 'zerowidth.txt'],
    ['a<b>c:d"e|f?g*h.txt', 'abcdefgh.txt'],
    ['.bashrc', 'bashrc'],
    ['...hidden', 'hidden'],
    ['trailing. . ', 'trailing'],
    ['CON', '_CON'],
    ['con.txt', '_con.txt'],
    ['LPT9.tar.gz', '_LPT9.tar.gz'],
    ['nul', '_nul'],
    ['console.txt', 'console.txt'],
    ['..', 'file'],
    ['', 'file'],
    ['\u202E', 'file'],
    ['café.png', 'café.png'],
    ['cafe\u0301.png', 'café.png'],
    ['👩‍💻 notes.md', '👩‍💻 notes.md'],
  ])('%j is saved as %j', (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  it('shortens a long name between characters, keeping its extension', () => {
    const long = `${'é'.repeat(300)}.tar.gz`;
    const safe = safeFileName(long);
    expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(safe).toMatch(/^é+\.gz$/);
    expect(safeFileName(`${'x'.repeat(150)}${'😀'.repeat(40)}`)).toMatch(/^x{150}😀{12}$/u);
  });

  it('picks a name nothing in the folder has', () => {
    const dir = mkdtempSync(join(tmpdir(), 'free-name-'));
    try {
      expect(freeFileName(dir, 'report.pdf')).toBe('report.pdf');
      writeFileSync(join(dir, 'report.pdf'), '');
      writeFileSync(join(dir, 'report (1).pdf'), '');
      expect(freeFileName(dir, 'report.pdf')).toBe('report (2).pdf');
      writeFileSync(join(dir, 'README'), '');
      expect(freeFileName(dir, 'README')).toBe('README (1)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a download named for the browser', () => {
  it('is an attachment under the same safe name, in ASCII and in UTF-8', () => {
    expect(attachment('report.pdf')).toBe(`attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`);
    expect(attachment("l'été (1).txt")).toBe(`attachment; filename="l'_t_ (1).txt"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%281%29.txt`);
    expect(attachment('100%.txt')).toBe(`attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`);
  });
});

describe('uploaded files', () => {
  it('are linked as the family writes it, the name unable to end the link', () => {
    expect(uploadLink('red.png', '/user_uploads/2/56/kzWE/red.png')).toBe('[red.png](/user_uploads/2/56/kzWE/red.png)');
    expect(uploadLink('[draft] v2.png', '/user_uploads/2/56/k/draft-v2.png')).toBe('[draft v2.png](/user_uploads/2/56/k/draft-v2.png)');
    expect(uploadLink('a.txt', '/user_uploads/2/56/k/a (1).txt')).toBe('[a.txt](/user_uploads/2/56/k/a%20%281%29.txt)');
  });

  it('are paths under /user_uploads/ that cannot lead elsewhere', () => {
    expect(isUserUploadPath('/user_uploads/2/56/kzWE/red.png')).toBe(true);
    expect(isUserUploadPath('/user_uploads/2/71/Aykm/%C3%A9t%C3%A9.pdf')).toBe(true);
    for (const path of ['/user_uploads/', '/user_uploads/../api/v1/users', '/user_uploads/2/%2e%2e/x', '/user_uploads/2//x', '/user_uploads/2/x?download=1', '/avatar/7', 'user_uploads/2/x', '//evil/user_uploads/x']) {
      expect(isUserUploadPath(path), path).toBe(false);
    }
    expect(isUploadThumbnailPath('/user_uploads/thumbnail/2/56/k/red.png/840x560.webp')).toBe(true);
    expect(isUploadThumbnailPath('/user_uploads/2/56/k/red.png')).toBe(false);
  });
});
