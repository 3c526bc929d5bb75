// Images of the account's server and the realm icon, from a hostile server: a 1 GiB image is
// dropped after the first few MiB (or at once when it says so), a redirect to another origin is
// not followed, and the next ordinary image still comes through.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchServerImage } from '../../../main/app/server-images';
import { serverInfo } from '../../../main/app/server-info';
import { MiB, png, redirect, startHostileServer, streamBody, type HostileServer, type Stream } from '../api/hostile-server';

const GiB = 1024 * MiB;
let server: HostileServer;
let elsewhere: HostileServer;
let stream: Stream | undefined;

beforeAll(async () => {
  server = await startHostileServer();
  elsewhere = await startHostileServer();
  server.route('/user_avatars/ok.png', png);
  server.route('/avatar/7', redirect('/user_avatars/ok.png'));
  // A 1 GiB image, declared as such or not declared at all (chunked).
  server.route('/user_avatars/huge.png', (response) => (stream = streamBody(response, { 'content-type': 'image/png' }, GiB)));
  server.route('/user_avatars/declared.png', (response) => (stream = streamBody(response, { 'content-type': 'image/png', 'content-length': String(GiB) }, GiB)));
  server.route('/user_avatars/moved.png', redirect(`${elsewhere.url}/pixel.png`));
  server.route('/user_avatars/hops.png', redirect('/avatar/7'));
  elsewhere.route('/pixel.png', png);
});

afterAll(async () => {
  await server.close();
  await elsewhere.close();
});

const image = (path: string) => fetchServerImage(server.url, path, 'Basic a2V5');

describe('server images', () => {
  it.each(['/user_avatars/huge.png', '/user_avatars/declared.png'])('drops a 1 GiB image (%s) after at most the 5 MiB cap, and serves the next one', async (path) => {
    stream = undefined;
    const rssBefore = process.memoryUsage().rss;
    expect((await image(path)).status).toBe(404);
    // The client hung up: the server wrote about the cap plus what the sockets buffer, not 1 GiB.
    await stream!.closed;
    expect(stream!.sent).toBeLessThan(64 * MiB);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(256 * MiB);
    const next = await image('/user_avatars/ok.png');
    expect(next.status).toBe(200);
    expect([...next.body.slice(1, 4)]).toEqual([80, 78, 71]);
  });

  it('follows a redirect on the server itself, not one to another origin', async () => {
    expect((await image('/avatar/7')).status).toBe(200);
    expect((await image('/user_avatars/hops.png')).status).toBe(200);
    expect((await image('/user_avatars/moved.png')).status).toBe(404);
    expect(server.hits.get('/user_avatars/moved.png')).toBe(1);
    expect(elsewhere.hits.get('/pixel.png')).toBeUndefined();
  });
});

describe('the realm icon before sign-in', () => {
  const settings = (realm_icon: string) => (response: ServerResponse) =>
    void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 'success', msg: '', realm_name: 'Hostile', realm_icon }));

  it('is dropped when it is 1 GiB, or moved to another origin; the organization is still shown', async () => {
    server.route('/api/v1/server_settings', settings('/user_avatars/huge.png'));
    const huge = await serverInfo(server.url);
    expect(huge).toMatchObject({ realm_name: 'Hostile', realm_icon: null });
    await stream!.closed;
    expect(stream!.sent).toBeLessThan(64 * MiB);

    server.route('/api/v1/server_settings', settings('/user_avatars/moved.png'));
    expect(await serverInfo(server.url)).toMatchObject({ realm_name: 'Hostile', realm_icon: null });
    expect(elsewhere.hits.get('/pixel.png')).toBeUndefined();

    server.route('/api/v1/server_settings', settings('/avatar/7'));
    expect((await serverInfo(server.url)).realm_icon).toMatch(/^data:image\/png;base64,/);
  });
});
