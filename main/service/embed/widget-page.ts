import type { WidgetLang } from './widget-lang.js';
import { renderPage } from './page-template.js';

/** What the page tells the widget before its first request (renderer/widget/boot.ts reads it). */
export interface WidgetBoot {
  state: 'valid' | 'expired' | 'invalid';
  videoId: number | null;
  lang: WidgetLang;
  /** Origins the widget may post its messages to: the token's frame_ancestors (EMB-12 to EMB-15). */
  allowedOrigins: string[];
  expiresAt: string | null;
}

/** The widget page for one request, with its language (EMB-06) and boot facts. */
export function widgetPage(templatePath: string, boot: WidgetBoot): string {
  return renderPage(templatePath, boot.lang, 'widget-boot', boot);
}
