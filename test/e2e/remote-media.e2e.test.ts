/// <reference lib="dom" />
// Server HTML cannot make the page fetch from elsewhere, even if the CSP were wrong (issue 15
// item 8): remote images, srcset, posters, media, backgrounds, SVG images, CSS url() and "/\host"
// URLs never reach the page (the sanitizer and the content reader keep none of them); the
// organization's own images are shown through main, as avatars are. The CSP still stands behind
// it and reports what gets past.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openView, openWorld, screenshot, signInThroughScreen, type World } from './harness';

const TRACKER = 'tracker.invalid';
const REMOTE_MEDIA = [
  '<p>Pictures from the server</p>',
  `<img src="https://${TRACKER}/pixel.png" alt="pixel">`,
  `<img src="/\\${TRACKER}/backslash.png" alt="backslash">`,
  `<img src="/\t\\${TRACKER}/tab.png" alt="tab">`,
  `<img src="//${TRACKER}/scheme-relative.png" alt="scheme-relative">`,
  `<img src="/user_avatars/7.png" srcset="https://${TRACKER}/2x.png 2x" alt="own avatar">`,
  `<video poster="https://${TRACKER}/poster.png" src="https://${TRACKER}/clip.mp4"></video>`,
  `<audio src="https://${TRACKER}/sound.mp3"><track src="https://${TRACKER}/captions.vtt"></audio>`,
  `<picture><source srcset="https://${TRACKER}/source.png"><img src="https://${TRACKER}/picture.png" alt="picture"></picture>`,
  `<table background="https://${TRACKER}/table.png"><tr><td background="https://${TRACKER}/cell.png">cell</td></tr></table>`,
  `<svg><image href="https://${TRACKER}/svg.png"></image><image xlink:href="https://${TRACKER}/xlink.png"></image>`,
  `<rect fill="url(https://${TRACKER}/paint.svg#p)" width="4" height="4"></rect></svg>`,
  `<a href="/\\${TRACKER}/away">backslash link</a>`,
].join('');

let world: World;
let page: Page;

beforeAll(async () => {
  world = await openWorld('remote-media');
  page = world.page;
  world.service.db.prepare("UPDATE streams SET rendered_description = ? WHERE name = 'general'").run(REMOTE_MEDIA);
  await signInThroughScreen(page, world.service.url, world.service.accounts.find((a) => a.role === 200)!);
});

afterAll(() => world?.close());

/** Every attribute value under the server's rendered HTML. */
const renderedAttributes = () =>
  page.evaluate(() => [...document.querySelectorAll('.rendered *')].flatMap((el) => [...el.attributes].map((a) => `${el.tagName} ${a.name}="${a.value}"`)));

describe('remote media in server HTML', () => {
  it('is removed, while the organization’s own image is shown through main', async () => {
    const general = page.getByTestId('channel').filter({ hasText: '#general' });
    await openView(page, 'Browse channels');
    await expect.poll(() => general.textContent()).toContain('Pictures from the server');
    // The organization's image loaded through main: the page has rendered and fetched what it would.
    const own = general.locator('img[alt="own avatar"]');
    await expect.poll(() => own.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await own.getAttribute('src')).toMatch(/^\/server-image\/[^/]+\/[0-9a-f]{16}\/user_avatars\/7\.png$/);
    await screenshot(page, 'remote-media');

    const attributes = await renderedAttributes();
    expect(attributes.filter((attribute) => attribute.includes(TRACKER))).toEqual([]);
    // What stays is the text a person reads: alt texts, the cell, the link's words.
    expect(await page.locator('.rendered .image-alt', { hasText: 'pixel' }).count()).toBeGreaterThan(0);
    expect(await general.textContent()).toContain('backslash link');
  });

  it('still meets the CSP behind it, which reports a remote image that gets past', async () => {
    await page.evaluate((tracker) => {
      const img = document.createElement('img');
      img.src = `https://${tracker}/past-the-sanitizer.png`;
      document.querySelector('.rendered')!.append(img);
    }, TRACKER);
    await expect
      .poll(() => world.app.logger.lines.some((line) => line.includes('blocked content') && line.includes(TRACKER)), { timeout: 10_000 })
      .toBe(true);
  });
});
