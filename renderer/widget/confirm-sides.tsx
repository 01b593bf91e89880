import { useEffect, useState } from 'react';
import type { WidgetBoot } from './boot.js';
import { KitCard } from './kit-card.js';
import { STRINGS, colourWord } from './strings.js';
import { useSidesSession } from './use-sides-session.js';
import type { KitKey } from './widget-api.js';

const NAME_MAX = 100;
const LETTERS: Record<KitKey, string> = { team_a: 'A', team_b: 'B' };

/**
 * The confirm-sides widget (spec 4.1): the two kits, the names, one question (which kit is the home
 * team; never which side it starts on), then the same screen read-only as a receipt.
 */
export function ConfirmSides({ boot }: { boot: WidgetBoot }) {
  const t = STRINGS[boot.lang];
  const { phase, sides, preview, showCrops, confirm, retry } = useSidesSession(boot);
  const [homeKey, setHomeKey] = useState<KitKey | null>(null);
  const [homeName, setHomeName] = useState('');
  const [awayName, setAwayName] = useState('');

  // Pre-fill from what is stored; reopening pre-selects the confirmed kit (EMB-11).
  useEffect(() => {
    if (!sides) return;
    setHomeName(sides.home_team_name ?? '');
    setAwayName(sides.away_team_name ?? '');
    setHomeKey((k) => k ?? sides.confirmed_home_key);
  }, [sides]);

  if (phase.kind === 'loading') {
    return (
      <main className="widget is-centered" aria-busy="true">
        <div className="spinner" role="progressbar" aria-label={t.loading} />
        <p className="lead">{t.loading}</p>
        <p className="hint">{t.loadingHint}</p>
      </main>
    );
  }
  if (phase.kind === 'expired' || phase.kind === 'invalid' || phase.kind === 'unavailable') {
    const [lead, hint] = phase.kind === 'expired' ? [t.expired, t.expiredHint] : phase.kind === 'invalid' ? [t.invalid, t.invalidHint] : [t.unavailable, t.unavailableHint];
    return (
      <main className={`widget is-centered is-${phase.kind}`} role="alert">
        <p className="lead">{lead}</p>
        <p className="hint">{hint}</p>
      </main>
    );
  }

  const teams = preview?.teams ?? [];
  const readOnly = phase.kind === 'confirmed' || phase.kind === 'saving';
  const fixedNames = sides?.readonly_names ?? false;
  const homeTeam = teams.find((x) => x.key === homeKey);
  const roleOf = (key: KitKey) => (homeKey === null ? null : key === homeKey ? 'home' : 'away');
  // Fixed names are plain text beside their label (readonly_names, and the receipt); otherwise fields.
  const nameField = (id: string, label: string, value: string, set: (v: string) => void) => (fixedNames || readOnly
    ? (
      <div className="name-field" data-name={id}>
        <span className="name-label">{label}</span>
        <span className="name-fixed">{value}</span>
      </div>
    ) : (
      <label className="name-field" htmlFor={id}>
        <span className="name-label">{label}</span>
        <input id={id} value={value} maxLength={NAME_MAX} autoComplete="off" spellCheck={false} onChange={(e) => set(e.target.value)} />
      </label>
    ));

  return (
    <main className={`widget is-${phase.kind}`}>
      <h1>{t.title}</h1>
      {phase.kind === 'confirmed' && sides && homeTeam ? (
        <p className="receipt" role="status">
          <strong>{t.confirmed}</strong>{' '}
          {t.confirmedDetail(sides.home_team_name ?? t.homeTeam, `${t.kit(LETTERS[homeTeam.key])} (${colourWord(homeTeam.swatch.primary, boot.lang)})`)}
        </p>
      ) : null}
      {phase.kind === 'error' ? (
        <p className="error" role="alert">{t.failed} {phase.message} <button type="button" className="link" onClick={retry}>{t.retry}</button></p>
      ) : null}
      <section className="names">
        {nameField('home-name', t.homeTeam, homeName, setHomeName)}
        {nameField('away-name', t.awayTeam, awayName, setAwayName)}
        {!fixedNames && !readOnly ? <p className="hint">{t.namesHint}</p> : null}
      </section>
      <h2 id="kit-question">{t.question}</h2>
      <div className="kits" role="radiogroup" aria-labelledby="kit-question">
        {teams.map((team) => (
          <KitCard
            key={team.key} team={team} letter={LETTERS[team.key]} role={roleOf(team.key)} showCrops={showCrops}
            disabled={readOnly} onChoose={() => setHomeKey(team.key)} t={t} lang={boot.lang}
          />
        ))}
      </div>
      {phase.kind !== 'confirmed' ? (
        <button
          type="button" className="confirm" disabled={homeKey === null || readOnly}
          onClick={() => homeKey && void confirm({ homeKey, homeName, awayName })}
        >
          {phase.kind === 'saving' ? t.saving : t.confirm}
        </button>
      ) : null}
    </main>
  );
}
