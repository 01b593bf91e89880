import { useEffect, useState } from 'react';
import type { Api, AppSettings } from './api.js';
import type { Lang, Strings } from './strings.js';
import { storeLang, storedTheme, storeTheme, type Theme } from './preferences.js';
import { desktopBridge } from './desktop-bridge.js';

function Copy({ text, t }: { text: string; t: Strings }) {
  const [done, setDone] = useState(false);
  return (
    <button type="button" className="button small-button" onClick={() => {
      void navigator.clipboard?.writeText(text).then(() => { setDone(true); setTimeout(() => setDone(false), 1500); }).catch(() => undefined);
    }}>{done ? t.copied : t.copy}</button>
  );
}

/** curl examples a person can paste into a terminal, with this service's address and token filled in. */
export function curlExamples(base: string, token: string): { title: keyof Strings['curlTitles']; command: string }[] {
  const auth = `-H "Authorization: Bearer ${token}"`;
  return [
    { title: 'list', command: `curl -s "${base}/videos?per_page=25" ${auth}` },
    { title: 'register', command: `curl -s -X POST ${base}/videos ${auth} -H 'Content-Type: application/json' \\\n  -d '{"video_file_url": "/path/to/match.mp4", "home_team_name": "Home", "away_team_name": "Away"}'` },
    { title: 'analyse', command: `curl -s -X POST ${base}/videos/1/analysis ${auth}` },
    { title: 'summary', command: `curl -s ${base}/analyses/1/summary ${auth}` },
    { title: 'tracking', command: `curl -s -OJ "${base}/analyses/1/tracking/download?format=parquet" ${auth}` },
  ];
}

/**
 * Settings: language and theme (this computer's page), the processor analyses use and the data folder
 * (the service's, through GET/PUT /v1/settings), and the local API panel with copyable examples.
 */
export function SettingsView({ api, token, t }: { api: Api; token: string; t: Strings }) {
  const [settings, setSettings] = useState<AppSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [theme, setTheme] = useState<Theme>(storedTheme());
  const [showToken, setShowToken] = useState(false);
  const masked = `${token.slice(0, 12)}${'•'.repeat(12)}`;
  const bridge = desktopBridge();
  useEffect(() => {
    api.settings().then(setSettings).catch((err: Error) => setError(err.message));
  }, [api]);

  // Shown at once, then confirmed by the service's answer (or put back with its error).
  const setProcessor = (processor: 'cpu' | 'gpu') => {
    if (!settings) return;
    const before = settings;
    setSaved(null);
    setSettings({ ...settings, processor });
    api.updateSettings({ processor }).then((s) => { setSettings(s); setSaved(t.settingsSaved); })
      .catch((err: Error) => { setSettings(before); setError(err.message); });
  };
  const chooseLang = (lang: Lang) => {
    storeLang(lang);
    window.location.reload();
  };

  return (
    <article className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{t.settings}</h1>
      <section className="card" aria-labelledby="look-title">
        <h2 id="look-title">{t.appearance}</h2>
        <label className="field">{t.language}
          <select value={t.langCode} onChange={(e) => chooseLang(e.target.value as Lang)}>
            <option value="en">English</option><option value="nl">Nederlands</option>
          </select>
        </label>
        <fieldset className="choices">
          <legend>{t.theme}</legend>
          {(['system', 'light', 'dark'] as Theme[]).map((th) => (
            <label key={th} className="check"><input type="radio" name="theme" checked={theme === th} onChange={() => { setTheme(th); storeTheme(th); }} /> {t.themes[th]}</label>
          ))}
        </fieldset>
      </section>
      {error && <p className="error" role="alert">{error}</p>}
      {!settings && !error && <div className="state" aria-busy="true"><div className="spinner" />{t.settingsLoading}</div>}
      {settings && (
        <>
          <section className="card" aria-labelledby="analysis-title">
            <h2 id="analysis-title">{t.analysesSettings}</h2>
            <fieldset className="choices">
              <legend>{t.processor}</legend>
              <label className="check"><input type="radio" name="processor" checked={settings.processor === 'cpu'} onChange={() => setProcessor('cpu')} /> {t.processorCpu}</label>
              <label className="check"><input type="radio" name="processor" checked={settings.processor === 'gpu'} onChange={() => setProcessor('gpu')} /> {t.processorGpu(settings.gpu_provider)}</label>
            </fieldset>
            <p className="muted small">{t.processorHint(settings.execution_providers)}</p>
            <p className="muted small">{t.concurrency(settings.analysis_concurrency)}</p>
            {saved && <p className="muted small" role="status">{saved}</p>}
            <h3>{t.dataFolder}</h3>
            <p>
              <code>{settings.data_dir}</code> <Copy text={settings.data_dir} t={t} />{' '}
              {bridge ? <button type="button" className="button small-button" onClick={() => void bridge.revealInFolder(settings.data_dir)}>{t.showInFolder}</button> : null}
            </p>
            <p className="muted small">{t.dataFolderHint}</p>
          </section>
          <section className="card" aria-labelledby="api-title">
            <h2 id="api-title">{t.localApi}</h2>
            <dl className="facts">
              <dt>{t.baseUrl}</dt><dd><code>{settings.api_base}</code> <Copy text={settings.api_base} t={t} /></dd>
              <dt>{t.token}</dt>
              <dd>
                <code aria-label={t.token}>{showToken ? token : masked}</code>{' '}
                <button type="button" className="button small-button" onClick={() => setShowToken(!showToken)}>{showToken ? t.hide : t.show}</button>{' '}
                <Copy text={token} t={t} />
              </dd>
              <dt>{t.limits}</dt><dd>{t.limitsText(settings.defaults.rate_limit_per_minute, settings.defaults.tracking_downloads_per_hour)}</dd>
              <dt>{t.reference}</dt><dd><a href={`${settings.api_base}/openapi.json`} target="_blank" rel="noreferrer">openapi.json</a></dd>
            </dl>
            <h3>{t.examples}</h3>
            {curlExamples(settings.api_base, token).map((ex) => (
              <figure key={ex.title} className="example">
                <figcaption>{t.curlTitles[ex.title]} <Copy text={ex.command} t={t} /></figcaption>
                {/* The token shows only while "Show" is on; Copy always copies the full command. */}
                <pre><code>{showToken ? ex.command : ex.command.replace(token, masked)}</code></pre>
              </figure>
            ))}
          </section>
        </>
      )}
    </article>
  );
}
