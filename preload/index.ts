// The preload (sandboxed, bundled into one CommonJS file): exposes the IPC bridge as
// window.teamchat and nothing else; ipcRenderer itself never reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

contextBridge.exposeInMainWorld('teamchat', createBridge(ipcRenderer));
