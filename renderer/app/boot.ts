import type { Lang } from './strings.js';

/** What the page was started with: the service writes it into the page, the desktop shell's preload will too. */
export interface AppBoot {
  /** The local API, e.g. `http://127.0.0.1:7425/v1`. */
  apiBase: string;
  token: string;
  lang: Lang;
  version: string;
}

export function readBoot(): AppBoot {
  const block = document.getElementById('app-boot');
  const facts = block?.textContent ? JSON.parse(block.textContent) as AppBoot : null;
  return facts ?? { apiBase: `${window.location.origin}/v1`, token: '', lang: 'en', version: '' };
}
