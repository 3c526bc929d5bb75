// Desktop notifications end to end, in browser mode: another account mentions the member; the
// page (notification permission granted) shows a notification through the Web Notifications API,
// and clicking it opens the conversation at the message. An alert word added in Settings notifies
// too, marked in the message; removed, it does not. Nothing for a muted topic or the conversation
// on screen; do-not-disturb silences them while the count still moves; the account switcher shows
// the account's unread count.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceAccount } from '../service/index';
import { clientFor } from '../service/testing/client';
import { seriousViolations } from './a11y';
import { fromMenu, openWorld, screenshot, signInThroughScreen, type World } from './harness';

let world: World;
let page: Page;
let member: ServiceAccount;
let admin: ServiceAccount;

interface Shown {
  title: string;
  body: string;
}

/** Every notification the page made, as the user would have seen it. */
const shown = (): Promise<Shown[]> => page.evaluate(() => (window as unknown as { shownNotifications: Shown[] }).shownNotifications.map(({ title, body }) => ({ title, body })));

async function send(params: Record<string, string>): Promise<number> {
  const reply = await clientFor(world.service.url, admin).post('/messages', params);
  return reply.body['id'] as number;
}
const mention = (topic: string, text: string) => send({ type: 'stream', to: 'general', topic, content: `@**${member.full_name}** ${text}` });
const direct = (text: string) => send({ type: 'direct', to: JSON.stringify([member.user_id]), content: text });

/** Waits until a notification with `text` in its body shows; the ones before it are then known to be all there were. */
async function notificationSaying(text: string): Promise<Shown[]> {
  await expect.poll(async () => (await shown()).some((notice) => notice.body.includes(text)), { timeout: 10_000 }).toBe(true);
  return shown();
}

beforeAll(async () => {
  world = await openWorld('notifications');
  page = world.page;
  page.setDefaultTimeout(10_000);
  member = world.service.accounts.find((account) => account.role === 400)!;
  admin = world.service.accounts.find((account) => account.role === 200)!;
  await page.context().grantPermissions(['notifications'], { origin: new URL(world.app.browser.url).origin });
  // The page's Notification, kept as it is, with every one it makes recorded (headless Chromium shows none on a screen).
  await page.addInitScript(() => {
    const Real = window.Notification;
    const record: Notification[] = [];
    (window as unknown as { shownNotifications: Notification[] }).shownNotifications = record;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        record.push(this);
      }
    } as typeof Notification;
  });
  await page.reload();
  await signInThroughScreen(page, world.service.url, member);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
});

afterAll(() => world?.close());

describe('desktop notifications', () => {
  it('show a mention from another account, and open its conversation at the message when clicked', async () => {
    const id = await mention('release plan', 'can you check the release notes?');
    const [notice] = await notificationSaying('release notes');
    expect(notice).toEqual({ title: `${admin.full_name} in #general › release plan`, body: `@${member.full_name} can you check the release notes?` });
    await page.evaluate(() => {
      const [first] = (window as unknown as { shownNotifications: Notification[] }).shownNotifications;
      first?.onclick?.(new Event('click'));
    });
    await expect.poll(() => page.locator(`[data-message-id="${id}"]`).count()).toBeGreaterThan(0);
  });

  it('stay quiet for the conversation on screen and for a muted topic', async () => {
    const before = (await shown()).length;
    await mention('release plan', 'one more thing about the changelog');
    await clientFor(world.service.url, member).post('/user_topics', { stream_id: '1', topic: 'lunch', visibility_policy: '1' });
    // Events apply in order: once the direct message sent last shows, the two before it were decided.
    await mention('lunch', 'pizza or sushi?');
    await direct('Got a minute');
    const after = await notificationSaying('Got a minute');
    expect(after.slice(before)).toEqual([{ title: admin.full_name, body: 'Got a minute' }]);
  });

  it('are silenced by do not disturb, while the unread count still moves', async () => {
    await page.getByRole('button', { name: 'Do not disturb: off' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Do not disturb: on' }).count()).toBe(1);
    const before = (await shown()).length;
    const title = await page.title();
    await direct('Are you there?');
    await expect.poll(() => page.title()).not.toBe(title);
    expect((await shown()).length).toBe(before);
    await page.getByRole('button', { name: 'Do not disturb: on' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Do not disturb: off' }).count()).toBe(1);
  });

  it('the account switcher shows the unread count of the account', async () => {
    const total = (await world.app.core.handlers['unread.counts'](undefined)).total;
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('combobox', { name: 'Account' }).textContent()).toContain(`${member.email} (${total} unread)`);
    await screenshot(page, 'notifications-switcher');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('show a message with an alert word added in Settings, the word marked in it; removed, it notifies no more', async () => {
    await fromMenu(page, 'Settings');
    const settings = page.getByTestId('alert-words');
    expect(await settings.getByTestId('no-alert-words').textContent()).toBe('You have no alert words yet.');
    const field = settings.getByLabel('New alert word');
    await field.fill('Deploy window');
    await field.press('Enter');
    await expect.poll(() => settings.getByTestId('alert-word').allTextContents()).toEqual([expect.stringContaining('Deploy window')]);
    const onServer = async () => (await clientFor(world.service.url, member).get('/users/me/alert_words')).body['alert_words'];
    expect(await onServer()).toEqual(['Deploy window']);
    // The same word in another case is refused next to the field, before anything is sent.
    await field.fill('deploy WINDOW');
    await settings.getByRole('button', { name: 'Add alert word' }).click();
    expect(await settings.locator('#new-alert-word-problem').textContent()).toBe('"deploy WINDOW" is already one of your alert words.');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'settings-alert-words');
    expect(await seriousViolations(page)).toEqual([]);

    const id = await send({ type: 'stream', to: 'general', topic: 'ops', content: 'The deploy window opens at noon.' });
    const [notice] = (await notificationSaying('deploy window opens')).slice(-1);
    expect(notice).toEqual({ title: `${admin.full_name} in #general › ops`, body: 'The deploy window opens at noon.' });
    await page.evaluate(() => (window as unknown as { shownNotifications: Notification[] }).shownNotifications.at(-1)?.onclick?.(new Event('click')));
    const message = page.locator(`[data-message-id="${id}"]`);
    await expect.poll(() => message.locator('.alert-word').allTextContents()).toEqual(['deploy window']);
    await screenshot(page, 'message-alert-word');

    await fromMenu(page, 'Settings');
    await settings.getByRole('button', { name: 'Remove the alert word Deploy window' }).click();
    await settings.getByTestId('no-alert-words').waitFor();
    expect(await onServer()).toEqual([]);
    // Once the unread count in the title moves, the message was applied, and decided on.
    const before = (await shown()).length;
    const title = await page.title();
    await send({ type: 'stream', to: 'general', topic: 'ops', content: 'The deploy window moved to one.' });
    await expect.poll(() => page.title()).not.toBe(title);
    expect((await shown()).length).toBe(before);
  });
});
