// A compose box's draft when its topic moves: main has moved the draft it stored along with the
// topic; what was typed since goes there too, and nothing stays behind under the old name. A
// conversation with a draft of its own keeps it. Main is a map of drafts here.
import { beforeEach, expect, it, vi } from 'vitest';

const stored = new Map<string, string>();
vi.mock('../../../renderer/src/lib/ipc', () => ({
  call: async (channel: string, args: { conversation: string; content?: string }) => {
    if (channel === 'drafts.get') return stored.has(args.conversation) ? { content: stored.get(args.conversation), updated_at: 1 } : null;
    if (channel === 'drafts.save') {
      if (args.content === '') stored.delete(args.conversation);
      else stored.set(args.conversation, args.content ?? '');
      return null;
    }
    throw new Error(`unexpected ${channel}`);
  },
}));
const { DraftKeeper } = await import('../../../renderer/src/screens/compose/drafts');

const OLD = 'channel:5:lunch';
const NEW = 'channel:5:✔ lunch';
/** Main, applying the move's event: the draft goes with the topic (main/store/drafts.ts). */
function mainMovesTheTopic(): void {
  const draft = stored.get(OLD);
  stored.delete(OLD);
  if (draft !== undefined && !stored.has(NEW)) stored.set(NEW, draft);
}

beforeEach(() => {
  stored.clear();
  stored.set(OLD, 'Half a thought');
});

it('takes what was typed since the draft was last stored to the new place, leaving nothing under the old name', async () => {
  const keeper = new DraftKeeper(OLD);
  expect(await keeper.load()).toBe('Half a thought');
  keeper.change('Half a thought, and more');
  mainMovesTheTopic();
  expect(await keeper.follow(NEW, 'Half a thought, and more')).toBe(true);
  await vi.waitFor(() => expect(Object.fromEntries(stored)).toEqual({ [NEW]: 'Half a thought, and more' }));
});

it('stays where it was when the new place has a draft of its own, keeping both', async () => {
  stored.set(NEW, 'Their own');
  const keeper = new DraftKeeper(OLD);
  await keeper.load();
  keeper.change('Half a thought, and more');
  mainMovesTheTopic();
  expect(await keeper.follow(NEW, 'Half a thought, and more')).toBe(false);
  await vi.waitFor(() => expect(Object.fromEntries(stored)).toEqual({ [OLD]: 'Half a thought, and more', [NEW]: 'Their own' }));
});
