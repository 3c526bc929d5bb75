import { describe, expect, it, vi } from 'vitest';

const exposed = vi.hoisted(() => [] as [string, unknown][]);
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void exposed.push([key, api]) },
  ipcRenderer: { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() },
}));

describe('preload entry', () => {
  it('exposes window.teamchat with invoke and on, and nothing else', async () => {
    await import('../../../preload/index');
    expect(exposed).toHaveLength(1);
    const [key, api] = exposed[0] ?? [];
    expect(key).toBe('teamchat');
    expect(Object.keys(api as object).sort()).toEqual(['invoke', 'on']);
    expect(Object.values(api as object).every((value) => typeof value === 'function')).toBe(true);
  });
});
