import { useState } from 'react';
import type { Strings } from './strings.js';
import { changedProperties, propertyText, type PropertySpec } from './event-properties-model.js';

type Value = string | number | boolean | null;

/**
 * An event's properties as fields (the schema endpoint's catalogue for its type: choices for the enums
 * and yes/no, numbers, text), saved as one `edit_event` of `properties`.
 */
export function EventProperties({ label, specs, properties, busy, t, save }: {
  label: string; specs: readonly PropertySpec[]; properties: Readonly<Record<string, Value>>; busy: boolean; t: Strings;
  save: (properties: Record<string, Value>) => void;
}) {
  const [texts, setTexts] = useState<Record<string, string>>(() => Object.fromEntries(specs.map((p) => [p.name, propertyText(properties[p.name])])));
  // A whole match lists thousands of events: their fields are made only once a person opens them.
  const [open, setOpen] = useState(false);
  if (specs.length === 0) return null;
  const next = open ? changedProperties(specs, properties, texts) : null;
  const set = (name: string, text: string) => setTexts((s) => ({ ...s, [name]: text }));
  return (
    <details className="event-properties" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{t.eventProperties}</summary>
      {open && <form className="properties" aria-label={t.propertiesOf(label)} onSubmit={(e) => { e.preventDefault(); if (next && next !== 'invalid') save(next); }}>
        {specs.map((p) => {
          const text = texts[p.name] ?? '';
          const aria = t.propertyOf(p.name, label);
          const choices = p.type === 'bool' ? ['true', 'false'] : p.enum;
          return (
            <label key={p.name} title={p.description}>
              <span>{p.name}</span>
              {choices ? (
                <select aria-label={aria} value={text} onChange={(e) => set(p.name, e.target.value)}>
                  <option value="">—</option>
                  {choices.map((c) => <option key={c} value={c}>{p.type === 'bool' ? (c === 'true' ? t.yes : t.no) : c}</option>)}
                </select>
              ) : (
                <input
                  className="search short" aria-label={aria} value={text} inputMode={p.type === 'str' ? 'text' : 'decimal'}
                  list={p.name.endsWith('player_id') ? 'known-players' : undefined} onChange={(e) => set(p.name, e.target.value)}
                />
              )}
            </label>
          );
        })}
        <button type="submit" className="button" disabled={busy || next === null || next === 'invalid'}>{t.saveProperties}</button>
        {next === 'invalid' ? <span className="muted" role="status">{t.propertyInvalid}</span> : null}
      </form>}
    </details>
  );
}
