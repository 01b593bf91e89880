import type { Lang } from './strings.js';

/**
 * What a person chose on this computer that only the app's looks depend on (language, theme): kept in
 * the page's local storage, not in the service, so scripts and other users of the API are unaffected.
 */
export type Theme = 'system' | 'light' | 'dark';
const LANG_KEY = 'touchline.lang';
const THEME_KEY = 'touchline.theme';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: the defaults apply
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

export function storedLang(): Lang | null {
  const v = read(LANG_KEY);
  return v === 'en' || v === 'nl' ? v : null;
}

export function storeLang(lang: Lang): void {
  write(LANG_KEY, lang);
}

export function storedTheme(): Theme {
  const v = read(THEME_KEY);
  return v === 'light' || v === 'dark' ? v : 'system';
}

/** Applies a theme to the page (the CSS reads `data-theme`; `system` follows the operating system). */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export function storeTheme(theme: Theme): void {
  write(THEME_KEY, theme);
  applyTheme(theme);
}
