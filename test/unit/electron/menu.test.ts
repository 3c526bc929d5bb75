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

const APP_NAME = 'Team Chat';
type Platform = 'linux' | 'darwin';

interface RoleDefault {
  label: string;
  accelerator?: string;
  submenu?: MenuItemConstructorOptions[];
}

/**
 * What Electron shows for a role the template leaves unlabelled: its label, accelerator and
 * submenu, per platform (electron/lib/browser/api/menu-item-roles.ts), for the roles we use.
 */
function roleDefault(role: string, platform: Platform): RoleDefault {
  const mac = platform === 'darwin';
  const roles: Record<string, RoleDefault> = {
    about: { label: mac ? `About ${APP_NAME}` : 'About' },
    services: { label: 'Services' },
    hide: { label: `Hide ${APP_NAME}`, accelerator: 'Command+H' },
    hideothers: { label: 'Hide Others', accelerator: 'Command+Alt+H' },
    unhide: { label: 'Show All' },
    quit: { label: mac ? `Quit ${APP_NAME}` : 'Quit', accelerator: 'CommandOrControl+Q' },
    close: { label: mac ? 'Close Window' : 'Close', accelerator: 'CommandOrControl+W' },
    undo: { label: 'Undo', accelerator: 'CommandOrControl+Z' },
    redo: { label: 'Redo', accelerator: 'Shift+CommandOrControl+Z' },
    cut: { label: 'Cut', accelerator: 'CommandOrControl+X' },
    copy: { label: 'Copy', accelerator: 'CommandOrControl+C' },
    paste: { label: 'Paste', accelerator: 'CommandOrControl+V' },
    pasteandmatchstyle: { label: 'Paste and Match Style', accelerator: mac ? 'Cmd+Option+Shift+V' : 'Shift+CommandOrControl+V' },
    delete: { label: 'Delete' },
    selectall: { label: 'Select All', accelerator: 'CommandOrControl+A' },
    reload: { label: 'Reload', accelerator: 'CmdOrCtrl+R' },
    forcereload: { label: 'Force Reload', accelerator: 'Shift+CmdOrCtrl+R' },
    toggledevtools: { label: 'Toggle Developer Tools', accelerator: mac ? 'Alt+Command+I' : 'Ctrl+Shift+I' },
    resetzoom: { label: 'Actual Size', accelerator: 'CommandOrControl+0' },
    zoomin: { label: 'Zoom In', accelerator: 'CommandOrControl+Plus' },
    zoomout: { label: 'Zoom Out', accelerator: 'CommandOrControl+-' },
    togglefullscreen: { label: 'Toggle Full Screen', accelerator: mac ? 'Control+Command+F' : 'F11' },
    minimize: { label: 'Minimize', accelerator: 'CommandOrControl+M' },
    zoom: { label: 'Zoom' },
    front: { label: 'Bring All to Front' },
    windowmenu: {
      label: 'Window',
      submenu: [{ role: 'minimize' }, { role: 'zoom' }, ...(mac ? [{ type: 'separator' as const }, { role: 'front' as const }] : [{ role: 'close' as const }])],
    },
    help: { label: 'Help' },
  };
  const found = roles[role.toLowerCase()];
  if (!found) throw new Error(`the test does not know what Electron shows for the role ${role}`);
  return found;
}

/** The menu as a user reads it: one line per item, `Label  Accelerator`, submenus indented. */
function shown(items: MenuItemConstructorOptions[], platform: Platform, indent = ''): string[] {
  return items.flatMap((item) => {
    if (item.type === 'separator') return [`${indent}---`];
    const fallback = item.role ? roleDefault(item.role, platform) : undefined;
    const label = item.label ?? fallback?.label ?? '';
    const accelerator = item.accelerator ?? fallback?.accelerator;
    const submenu = Array.isArray(item.submenu) ? item.submenu : fallback?.submenu;
    const line = `${indent}${label}${accelerator ? `  ${String(accelerator)}` : ''}`;
    return [line, ...(submenu ? shown(submenu, platform, `${indent}  `) : [])];
  });
}

const EDIT = [
  'Edit',
  '  Undo  CommandOrControl+Z',
  '  Redo  Shift+CommandOrControl+Z',
  '  ---',
  '  Cut  CommandOrControl+X',
  '  Copy  CommandOrControl+C',
  '  Paste  CommandOrControl+V',
];
const ZOOM = ['  Actual Size  CommandOrControl+0', '  Zoom In  CommandOrControl+Plus', '  Zoom Out  CommandOrControl+-', '  ---'];

const LINUX = [
  'File',
  '  Quit  CommandOrControl+Q',
  ...EDIT,
  '  Paste and Match Style  Shift+CommandOrControl+V',
  '  Delete',
  '  Select All  CommandOrControl+A',
  'View',
  ...ZOOM,
  '  Toggle Full Screen  F11',
  'Window',
  '  Minimize  CommandOrControl+M',
  '  Zoom',
  '  Close  CommandOrControl+W',
  'Help',
  '  About',
];

describe('application menu', () => {
  it('shows the usual menus, labels and shortcuts on Linux', () => {
    expect(shown(menuTemplate({ appName: APP_NAME, isMac: false, isDev: false }), 'linux')).toEqual(LINUX);
  });

  it('offers reload and developer tools, with their shortcuts, only in development', () => {
    const view = (isDev: boolean) => {
      const lines = shown(menuTemplate({ appName: APP_NAME, isMac: false, isDev }), 'linux');
      return lines.slice(lines.indexOf('View') + 1, lines.indexOf('Window'));
    };
    expect(view(true)).toEqual([
      '  Reload  CmdOrCtrl+R',
      '  Force Reload  Shift+CmdOrCtrl+R',
      '  Toggle Developer Tools  Ctrl+Shift+I',
      '  ---',
      ...ZOOM,
      '  Toggle Full Screen  F11',
    ]);
    expect(view(false)).toEqual([...ZOOM, '  Toggle Full Screen  F11']);
    expect(shown(menuTemplate({ appName: APP_NAME, isMac: true, isDev: false }), 'darwin').join('\n')).not.toMatch(/Reload|Developer Tools/);
  });

  it('puts the app menu first on macOS, with quit there and Close Window in File', () => {
    expect(shown(menuTemplate({ appName: APP_NAME, isMac: true, isDev: false }), 'darwin')).toEqual([
      'Team Chat',
      '  About Team Chat',
      '  ---',
      '  Services',
      '  ---',
      '  Hide Team Chat  Command+H',
      '  Hide Others  Command+Alt+H',
      '  Show All',
      '  ---',
      '  Quit Team Chat  CommandOrControl+Q',
      'File',
      '  Close Window  CommandOrControl+W',
      ...EDIT,
      '  Paste and Match Style  Cmd+Option+Shift+V',
      '  Delete',
      '  Select All  CommandOrControl+A',
      'View',
      ...ZOOM,
      '  Toggle Full Screen  Control+Command+F',
      'Window',
      '  Minimize  CommandOrControl+M',
      '  Zoom',
      '  ---',
      '  Bring All to Front',
      'Help',
    ]);
  });

  it('installs that menu as the application menu', () => {
    installMenu({ appName: APP_NAME, isMac: false, isDev: false });
    expect(shown(built.template as MenuItemConstructorOptions[], 'linux')).toEqual(LINUX);
    expect(built.set).toHaveBeenCalledWith({ template: built.template });
  });
});
