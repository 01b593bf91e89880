import type { Lang } from './strings.js';

/** What the page was started with: the service writes it into the page, the desktop shell's preload will too. */
export interface AppBoot {
  /** The local API, e.g. `http://127.0.0.1:7425/v1`. */
  apiBase: string;
  /** The app's own token (its requests never spend the scripts' rate limit). */
  token: string;
  /** The default token, shown in the settings' API panel for the user's scripts. */
  scriptToken: string;
  lang: Lang;
  version: string;
}

export function readBoot(): AppBoot {
  const block = document.getElementById('app-boot');
  const facts = block?.textContent ? JSON.parse(block.textContent) as AppBoot : null;
  return facts ?? { apiBase: `${window.location.origin}/v1`, token: '', scriptToken: '', lang: 'en', version: '' };
}
