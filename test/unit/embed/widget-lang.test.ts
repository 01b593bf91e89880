import { describe, expect, it } from 'vitest';
import { widgetLang } from '../../../main/service/embed/widget-lang.js';

describe('widgetLang', () => {
  it('[EMB-06] lang first, then its alias locale; lang wins when both name a language', () => {
    expect(widgetLang({ lang: 'nl' }, 'en')).toBe('nl');
    expect(widgetLang({ locale: 'nl' }, 'en')).toBe('nl');
    expect(widgetLang({ lang: 'en', locale: 'nl' }, 'nl')).toBe('en');
    expect(widgetLang({ lang: 'NL-be' }, undefined)).toBe('nl');
    expect(widgetLang({ lang: 'nl_NL' }, undefined)).toBe('nl');
  });

  it('[EMB-06] an unknown or omitted value falls back to Accept-Language by q, then English', () => {
    expect(widgetLang({ lang: 'fr' }, 'fr-FR, nl;q=0.8, en;q=0.5')).toBe('nl');
    expect(widgetLang({}, 'de, en;q=0.9, nl;q=0.95')).toBe('nl');
    expect(widgetLang({}, 'nl;q=0, en;q=0.1')).toBe('en');
    expect(widgetLang({}, 'de-DE')).toBe('en');
    expect(widgetLang({}, undefined)).toBe('en');
    expect(widgetLang({ lang: ['nl'] }, undefined)).toBe('en');
    expect(widgetLang({}, ';;,q=,')).toBe('en');
  });
});
