// Files in Chromium against the simulator (its upload limit set to 1 MiB): attaching by the button,
// by pasting and by dropping, each shown with its name, size and state, an image previewed; a file
// over the limit refused before a byte is sent, the text left as typed; the sent message's image
// opened full size in the lightbox and its file card saved through main; a message with a file
// written offline delivered once after the server comes back.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWorld, signInWorld, startTopicInGeneral, screenshot, type World } from './harness';

let world: World;
const page = (): Page => world.page;
// A 1×1 PNG: an image the simulator takes and thumbnails.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  world = await openWorld('files', { maxFileUploadSizeMib: 1 });
  const admin = world.service.accounts.find((a) => a.role === 200)!;
  world.page.setDefaultTimeout(10_000);
  await signInWorld(world, admin);
}, 60_000);

afterAll(() => world?.close());

const composer = () => page().getByTestId('composer');
const attachment = (name: string) => page().locator('[data-testid=attachment]', { hasText: name });
const feedMessage = (text: string) => page().locator('[data-testid=message]', { hasText: text });

/** Hands files to the page as a paste on `selector` or a drop on it, as the clipboard or a file manager would. */
async function fileEvent(kind: 'paste' | 'drop', selector: string, name: string, text: string): Promise<void> {
  await page().evaluate(
    ([kind, selector, name, text]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], name, { type: 'text/plain' }));
      const target = document.querySelector(selector)!;
      if (kind === 'paste') target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      else {
        target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        target.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    [kind, selector, name, text] as const,
  );
}

describe('files, end to end', () => {
  it('attaches by the button, by pasting and by dropping; refuses a file over the limit before sending it, leaving the text', async () => {
    await startTopicInGeneral(page(), 'Files', 'Opening the files topic');

    await composer().fill('Over the limit: ');
    await page().getByTestId('attach-input').setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(1024 * 1024 + 1) });
    await expect.poll(() => attachment('huge.bin').getByTestId('attachment-problem').textContent()).toMatch(/1 MiB/);
    expect(await composer().inputValue()).toBe('Over the limit: ');
    await screenshot(page(), 'files-over-limit');

    await composer().fill('The plan, a picture and notes:\n');
    await page()
      .getByTestId('attach-input')
      .setInputFiles([
        { name: 'dot.png', mimeType: 'image/png', buffer: PNG },
        { name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('step one\nstep two\n') },
      ]);
    await fileEvent('paste', '[data-testid=composer]', 'pasted.txt', 'from the clipboard');
    await fileEvent('drop', 'section.conversation', 'dropped.txt', 'from the file manager');
    for (const name of ['dot.png', 'plan.txt', 'pasted.txt', 'dropped.txt']) {
      await expect.poll(() => attachment(name).getAttribute('data-phase'), { timeout: 15_000 }).toBe('uploaded');
    }
    expect(await attachment('plan.txt').textContent()).toContain('18 B');
    expect(await attachment('dot.png').getByTestId('attachment-preview').count()).toBe(1);
    expect((await composer().inputValue()).match(/\]\(\/user_uploads\/[^)]+\)/g)).toHaveLength(4);
    await screenshot(page(), 'files-attached');
    await composer().press('Enter');
    await feedMessage('The plan, a picture and notes').waitFor();
    expect(await feedMessage('The plan, a picture and notes').getByTestId('file-card').count()).toBe(4);
  });

  it('opens a sent image full size in the lightbox, and saves a file through main', async () => {
    const message = feedMessage('The plan, a picture and notes');
    const card = message.getByTestId('file-card').filter({ hasText: 'plan.txt' });
    await expect.poll(() => card.getByTestId('file-facts').textContent()).toBe('text/plain · 18 B');
    const download = page().waitForEvent('download');
    await card.getByTestId('save-file').click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('plan.txt');
    const path = await saved.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path, 'utf8')).toBe('step one\nstep two\n');

    await message.getByTestId('image-preview').first().click();
    const lightbox = page().getByRole('dialog');
    await expect.poll(() => lightbox.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await screenshot(page(), 'files-lightbox');
    await page().keyboard.press('Escape');
  });

  it('sends a message with a file written offline once the server is back, exactly once', async () => {
    await world.stopService();
    await expect.poll(() => page().getByTestId('offline-banner').count(), { timeout: 15_000 }).toBe(1);
    await composer().fill('Written offline with notes\n');
    await page().getByTestId('attach-input').setInputFiles({ name: 'offline.txt', mimeType: 'text/plain', buffer: Buffer.from('kept in the outbox') });
    await expect.poll(() => attachment('offline.txt').getAttribute('data-phase')).toBe('waiting');
    await screenshot(page(), 'files-offline-waiting');
    await composer().press('Enter');
    await page().locator('[data-testid=pending-message]', { hasText: 'Written offline with notes' }).waitFor();

    await world.startServiceAgain();
    await feedMessage('Written offline with notes').waitFor({ timeout: 20_000 });
    const card = feedMessage('Written offline with notes').getByTestId('file-card');
    await expect.poll(() => card.getByTestId('file-facts').textContent()).toBe('text/plain · 18 B');
    expect(await feedMessage('Written offline with notes').count()).toBe(1);
    const stored = world.service.db.prepare("SELECT count(*) AS n FROM messages WHERE content LIKE 'Written offline with notes%'").get() as { n: number };
    expect(stored.n).toBe(1);
  });
});
