import { useState } from 'react';
import type { Api } from './api.js';
import type { Strings } from './strings.js';
import { EMPTY_IMPORT, importBody, type FieldError, type ImportFields } from './import-form.js';
import { desktopBridge } from './desktop-bridge.js';

/** A title from a file name: the name without its extension, as the service would choose. */
const titleOf = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 200);

type Step = { kind: 'form' } | { kind: 'kits'; videoId: number; title: string; widget: string } | { kind: 'started'; analysisId: number };

/**
 * Register a match video (a path on this computer or a URL), then confirm the kits in the embedded
 * widget and start the analysis. Every check the service makes is shown in its own words.
 */
export function ImportView({ api, t, origin }: { api: Api; t: Strings; origin: string }) {
  const [f, setF] = useState<ImportFields>(EMPTY_IMPORT);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  // Editing a field clears the service's last complaint: it was about what was typed before.
  const set = (k: keyof ImportFields) => (e: { target: { value: string } }) => {
    setServerError(null);
    setF({ ...f, [k]: e.target.value });
  };
  const errorOf = (k: keyof ImportFields) => errors.find((e) => e.field === k);
  const bridge = desktopBridge();
  const [dropNote, setDropNote] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const useFile = (path: string, name: string) => {
    setServerError(null);
    setDropNote(null);
    setF((now) => ({ ...now, source: path, title: now.title || titleOf(name) }));
  };
  const pick = async () => {
    const path = await bridge?.pickVideoFile();
    if (path) useFile(path, path.split(/[\\/]/).pop() ?? path);
  };
  // A dropped file: the desktop window knows its path; a browser only its name, so the path is typed.
  const drop = (e: React.DragEvent) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (!file) return;
    if (bridge) useFile(bridge.pathForFile(file), file.name);
    else {
      setF((now) => ({ ...now, title: now.title || titleOf(file.name) }));
      setDropNote(t.dropNeedsPath(file.name));
    }
  };
  const field = (k: keyof ImportFields, label: string, props: Record<string, unknown> = {}) => {
    const err = errorOf(k);
    return (
      <label className="form-field">
        <span>{label}</span>
        <input value={f[k]} onChange={set(k)} aria-invalid={err ? true : undefined} aria-describedby={err ? `${k}-error` : undefined} {...props} />
        {err ? <span id={`${k}-error`} className="field-error">{t.fieldErrors[err.problem]}</span> : null}
      </label>
    );
  };

  async function submit() {
    const made = importBody(f);
    setServerError(null);
    if ('errors' in made) {
      setErrors(made.errors);
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      const video = await api.createVideo(made.body);
      const { url } = await api.embedToken(video.id, [origin]);
      setStep({ kind: 'kits', videoId: video.id, title: video.title, widget: `${url}&lang=${t.langCode}` });
    } catch (err) {
      setServerError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function analyse(videoId: number) {
    setBusy(true);
    setServerError(null);
    try {
      const a = await api.analyse(videoId);
      setStep({ kind: 'started', analysisId: a.id });
    } catch (err) {
      setServerError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'started') {
    return (
      <div className="state" role="status">
        <strong>{t.analysisStarted}</strong>
        <a className="button" href="#/library">{t.toLibrary}</a>
      </div>
    );
  }
  if (step.kind === 'kits') {
    return (
      <section aria-labelledby="kits-title">
        <h1 id="kits-title">{t.confirmKitsTitle(step.title)}</h1>
        <p className="muted">{t.confirmKitsHint}</p>
        <iframe className="widget-frame" title={t.confirmKitsTitle(step.title)} src={step.widget} />
        {serverError ? <p className="error" role="alert">{serverError}</p> : null}
        <div className="form-actions">
          <a className="button" href="#/library">{t.later}</a>
          <button type="button" className="button primary" disabled={busy} onClick={() => void analyse(step.videoId)}>{t.analyse}</button>
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="import-title">
      <h1 id="import-title">{t.importTitle}</h1>
      <form className={`import-form${dragging ? ' dragging' : ''}`} noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}
        onDragOver={(e) => { e.preventDefault(); setDragging(true); }} onDragLeave={() => setDragging(false)} onDrop={drop}>
        {field('source', t.source, { placeholder: t.sourcePlaceholder, autoFocus: true, spellCheck: false })}
        <div className="source-actions">
          {bridge ? <button type="button" className="button" onClick={() => void pick()}>{t.chooseFile}</button> : null}
          <span className="muted small">{bridge ? t.dropHintDesktop : t.dropHintBrowser}</span>
        </div>
        {dropNote ? <p className="note" role="status">{dropNote}</p> : null}
        <p className="muted small">{t.sourceHint}</p>
        <div className="form-row">
          {field('title', t.title)}
          {field('date', t.date, { type: 'date' })}
        </div>
        <div className="form-row">
          {field('home', t.homeTeam)}
          {field('away', t.awayTeam)}
        </div>
        <div className="form-row">
          {field('start', t.startAt, { placeholder: '0:00', inputMode: 'numeric' })}
          {field('end', t.endAt, { placeholder: t.endOfFile, inputMode: 'numeric' })}
          <label className="form-field">
            <span>{t.leftStart}</span>
            <select value={f.leftStart} onChange={set('leftStart')}>
              <option value="">{t.leftStartUnknown}</option>
              <option value="home">{t.homeTeam}</option>
              <option value="away">{t.awayTeam}</option>
            </select>
          </label>
        </div>
        {serverError ? <p className="error" role="alert">{serverError}</p> : null}
        <div className="form-actions">
          <a className="button" href="#/library">{t.cancel}</a>
          <button type="submit" className="button primary" disabled={busy}>{busy ? t.registering : t.register}</button>
        </div>
      </form>
    </section>
  );
}
