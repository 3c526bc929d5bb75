// The body of a Content-Security-Policy report (report-uri), read up to a cap and reduced to the
// fields the app logs, with the bounds of the security.cspViolation channel.
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { IpcArgs } from '../../shared/ipc';

const reportBody = z.object({
  'csp-report': z.object({
    'blocked-uri': z.string().optional(),
    'violated-directive': z.string().optional(),
    'effective-directive': z.string().optional(),
    'source-file': z.string().optional(),
  }),
});

export async function readCspReport(request: IncomingMessage, limit: number): Promise<IpcArgs<'security.cspViolation'> | 'too large' | 'invalid'> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return 'too large';
  const body = await readBody(request, limit);
  if (body === undefined) return 'too large';
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return 'invalid';
  }
  const parsed = reportBody.safeParse(json);
  if (!parsed.success) return 'invalid';
  const report = parsed.data['csp-report'];
  return {
    blocked_uri: (report['blocked-uri'] ?? '').slice(0, 500),
    violated_directive: (report['violated-directive'] ?? report['effective-directive'] ?? '').slice(0, 200),
    // The page's own URL carries the access token in its query: never logged.
    source_file: (report['source-file'] ?? '').replace(/[?#].*$/s, '').slice(0, 500),
  };
}

/** The body as text, or undefined as soon as it passes `limit` bytes (the rest is read and dropped). */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', onData);
      chunks.length = 0;
      resolve(undefined);
    };
    request.on('data', onData);
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
