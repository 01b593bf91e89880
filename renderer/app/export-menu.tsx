import { useState } from 'react';
import type { Api } from './api.js';
import type { Strings } from './strings.js';
import type { Summary, TeamReport } from './match-types.js';
import { saveFile } from './save-file.js';
import { matchReportPng } from './match-report-png.js';

type ExportKind = 'parquet' | 'json' | 'reports' | 'png';

/**
 * Every player's report and the team report in one file, keyed by player id (a player without a report
 * is null), with the correction log they were computed under.
 */
async function reportsJson(api: Api, analysisId: number, summary: Summary, report: TeamReport): Promise<Blob> {
  const players: Record<string, unknown> = {};
  for (const p of summary.players) {
    players[p.player_id] = await api.playerReport(analysisId, p.player_id).catch(() => null);
  }
  const corrections = await api.corrections(analysisId);
  return new Blob([JSON.stringify({ analysis_id: analysisId, team_report: report, player_reports: players, corrections }, null, 2)], { type: 'application/json' });
}

/** The match's files: tracking as Parquet or JSON, the reports as JSON, the one-page report as PNG. */
export function ExportMenu({ api, analysisId, summary, report, t }: { api: Api; analysisId: number; summary: Summary; report: TeamReport; t: Strings }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const base = summary.metadata.game_id || `analysis-${analysisId}`;
  const run = async (kind: ExportKind) => {
    setBusy(kind);
    setMessage(t.exporting);
    try {
      if (kind === 'parquet' || kind === 'json') {
        const file = await api.trackingFile(analysisId, kind);
        saveFile(file.blob, file.filename);
        setMessage(t.clipExported(file.filename));
      } else {
        const name = kind === 'reports' ? `${base}_reports.json` : `${base}_match-report.png`;
        saveFile(kind === 'reports' ? await reportsJson(api, analysisId, summary, report) : await matchReportPng(summary, report, t), name);
        setMessage(t.clipExported(name));
      }
    } catch (err) {
      setMessage((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="exports" role="group" aria-label={t.exports}>
      <span className="muted small">{t.exports}</span>
      {(['png', 'reports', 'parquet', 'json'] as ExportKind[]).map((k) => (
        <button key={k} type="button" className="button" disabled={busy !== null} onClick={() => void run(k)}>{t.exportKinds[k]}</button>
      ))}
      {message && <span className="muted small" role="status">{message}</span>}
    </div>
  );
}
