export const WIDGET_LANGS = ['en', 'nl'] as const;
export type WidgetLang = (typeof WIDGET_LANGS)[number];

/** `nl`, `nl-NL`, `NL_be` -> `nl`; anything outside the widget's languages -> null. */
function known(tag: string | undefined): WidgetLang | null {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return (WIDGET_LANGS as readonly string[]).includes(primary ?? '') ? primary as WidgetLang : null;
}

/** Accept-Language ranges by descending q (ties keep header order); q=0 means "not this one". */
function preferred(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(',').map((part, i) => {
    const [tag, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    return { tag: tag?.trim() ?? '', q: q ? Number(q[1]) : 1, i };
  }).filter((r) => r.tag && r.q > 0).sort((a, b) => b.q - a.q || a.i - b.i).map((r) => r.tag);
}

/**
 * The widget's language (EMB-06): `lang`, then its alias `locale` (`lang` wins when both name a
 * language the widget speaks), then the browser's Accept-Language, then English.
 */
export function widgetLang(query: { lang?: unknown; locale?: unknown }, acceptLanguage: string | undefined): WidgetLang {
  const asTag = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return known(asTag(query.lang)) ?? known(asTag(query.locale))
    ?? preferred(acceptLanguage).map(known).find((l): l is WidgetLang => l !== null) ?? 'en';
}
