// `npm start`: the app alone, on the user's own data.
import { defaultDataDir } from '../main/browser/start';
import { runApp } from './app-runner';

await runApp(process.env.TEAMCHAT_DATA_DIR ?? defaultDataDir());
