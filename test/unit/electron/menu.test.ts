import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => ({ template: undefined as unknown, set: vi.fn() }));
vi.mock('electron', () => ({
  Menu: {
    buildFromTemplate: (template: unknown) => ((built.template = template), { template }),
    setApplicationMenu: built.set,
  },
}));

const { installMenu, menuTemplate } = await import('../../../main/electron/menu');

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [...(item.role ? [item.role] : []), ...(Array.isArray(item.submenu) ? roles(item.submenu) : [])]);
}

function submenuOf(items: MenuItemConstructorOptions[], label: string): string[] {
  const menu = items.find((item) => item.label === label);
  return Array.isArray(menu?.submenu) ? roles(menu.submenu) : [];
}

describe('application menu', () => {
  it('has the usual menus with their roles', () => {
    const template = menuTemplate({ appName: 'Team Chat', isMac: false, isDev: false });
    expect(template.map((item) => item.label ?? item.role)).toEqual(['File', 'Edit', 'View', 'windowMenu', 'help']);
    expect(submenuOf(template, 'File')).toEqual(['quit']);
    expect(submenuOf(template, 'Edit')).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']);
    expect(submenuOf(template, 'View')).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('offers reload and developer tools only in development', () => {
    expect(roles(menuTemplate({ appName: 'Team Chat', isMac: false, isDev: false }))).not.toContain('reload');
    expect(roles(menuTemplate({ appName: 'Team Chat', isMac: true, isDev: false }))).not.toContain('toggleDevTools');
    const dev = menuTemplate({ appName: 'Team Chat', isMac: false, isDev: true });
    expect(submenuOf(dev, 'View')).toEqual(['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
  });

  it('puts quit in the app menu on macOS and close in File', () => {
    const template = menuTemplate({ appName: 'Team Chat', isMac: true, isDev: false });
    expect(template[0]?.label).toBe('Team Chat');
    expect(submenuOf(template, 'Team Chat')).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(submenuOf(template, 'File')).toEqual(['close']);
  });

  it('installs the template as the application menu', () => {
    installMenu({ appName: 'Team Chat', isMac: false, isDev: false });
    expect(built.template).toEqual(menuTemplate({ appName: 'Team Chat', isMac: false, isDev: false }));
    expect(built.set).toHaveBeenCalledWith({ template: built.template });
  });
});
