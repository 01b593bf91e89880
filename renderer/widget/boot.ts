import type { Lang } from './strings.js';

/** What the service wrote into the page (main/service/embed/widget-page.ts). */
export interface WidgetBoot {
  state: 'valid' | 'expired' | 'invalid';
  videoId: number | null;
  lang: Lang;
  allowedOrigins: string[];
  expiresAt: string | null;
  /** The raw token, from the page's address: every call sends it in X-Embed-Token. */
  token: string;
}

export function readBoot(): WidgetBoot {
  const block = document.getElementById('widget-boot');
  const facts = block?.textContent ? JSON.parse(block.textContent) as Omit<WidgetBoot, 'token'> : null;
  const token = new URLSearchParams(window.location.search).get('t') ?? '';
  if (!facts) return { state: 'invalid', videoId: null, lang: 'en', allowedOrigins: [], expiresAt: null, token };
  return { ...facts, token };
}
