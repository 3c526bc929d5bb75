// When a request has left this thread: Node's fetch (undici) reports each request whose body it
// has written to the socket on a diagnostics channel. Synchronous work started before that holds
// the request back on this thread for as long as it runs.
import diagnostics_channel from 'node:diagnostics_channel';
import { z } from 'zod';

const BODY_SENT = 'undici:request:bodySent';

const bodySentMessage = z.object({ request: z.object({ origin: z.string(), method: z.string(), path: z.string() }) });

/**
 * Settles once a `method` request to `url` (its query aside) is written, or once `until` settles,
 * whichever comes first: a fetch that does not report never holds the caller past `until`.
 */
export function requestSent(method: string, url: string, until: Promise<unknown>): Promise<void> {
  const wanted = withoutQuery(url);
  return new Promise<void>((resolve) => {
    const done = () => {
      diagnostics_channel.unsubscribe(BODY_SENT, onBodySent);
      resolve();
    };
    function onBodySent(message: unknown) {
      const sent = bodySentMessage.safeParse(message);
      if (sent.success && sent.data.request.method === method && withoutQuery(sent.data.request.path, sent.data.request.origin) === wanted) done();
    }
    diagnostics_channel.subscribe(BODY_SENT, onBodySent);
    until.then(done, done);
  });
}

function withoutQuery(url: string, base?: string): string {
  const parsed = new URL(url, base);
  parsed.search = '';
  return parsed.href;
}
