import { useEffect, useState } from 'react';
import type { Api, EventItem } from './api.js';
import type { Strings } from './strings.js';
import { EventProperties } from './event-properties.js';
import { editableProperties, type PropertySpec } from './event-properties-model.js';
import { clock, clockMs, EDITABLE_EVENT_TYPES, editableEvents, typedPlayerId, type VideoClock } from './review-model.js';

/** The events an analyst codes by hand: filtered by type, deleted, edited (properties too), or added at the video's current time. */
export function EventsEditor({ api, analysisId, version, busy, video, names, t, correct }: {
  api: Api; analysisId: number; version: number; busy: boolean; video: VideoClock; names: [string, string]; t: Strings; correct: (c: Record<string, unknown>) => Promise<void>;
}) {
  const [events, setEvents] = useState<EventItem[] | null>(null);
  const [type, setType] = useState<string | null>(null);
  const [addType, setAddType] = useState<string>('tackle');
  const [team, setTeam] = useState<'team_0' | 'team_1'>('team_0');
  const [player, setPlayer] = useState('');
  const [at, setAt] = useState('');
  const [catalogue, setCatalogue] = useState<Record<string, { properties: PropertySpec[] }>>({});

  useEffect(() => {
    let live = true;
    api.eventTypes(analysisId).then((c) => { if (live) setCatalogue(c); }).catch(() => { /* no property fields without the catalogue */ });
    return () => { live = false; };
  }, [api, analysisId]);

  useEffect(() => {
    let live = true;
    api.events(analysisId).then((e) => { if (live) setEvents(e); }).catch(() => { if (live) setEvents([]); });
    return () => { live = false; };
  }, [api, analysisId, version]);

  const shown = events ? editableEvents(events, type) : [];
  const playerId = player.trim() ? typedPlayerId(player, team) : null;
  // At the time typed (m:ss), else the video's current time.
  const atMs = at.trim() === '' ? video.now() : clockMs(at);
  const add = () => {
    if (atMs === null) return;
    const start = Math.round(atMs / 40) * 40;
    void correct({ op: 'add_event', event: { type: addType, start_ms: start, end_ms: start + 40, team, player_id: playerId, properties: {} } });
  };
  return (
    <section aria-label={t.eventsTitle}>
      <h3>{t.eventsTitle}</h3>
      <div className="toolbar">
        <select aria-label={t.eventType} value={type ?? ''} onChange={(e) => setType(e.target.value || null)}>
          <option value="">{t.allTypes}</option>
          {EDITABLE_EVENT_TYPES.map((k) => <option key={k} value={k}>{k}</option>)}
        </select>
        <form className="inline" aria-label={t.addEventHere} onSubmit={(e) => { e.preventDefault(); add(); }}>
          <select aria-label={`${t.addEventHere}: ${t.eventType}`} value={addType} onChange={(e) => setAddType(e.target.value)}>
            {EDITABLE_EVENT_TYPES.map((k) => <option key={k} value={k}>{k}</option>)}
          </select>
          <select aria-label={`${t.addEventHere}: ${t.eventTeam}`} value={team} onChange={(e) => setTeam(e.target.value as 'team_0' | 'team_1')}>
            <option value="team_0">{names[0]}</option><option value="team_1">{names[1]}</option>
          </select>
          <input className="search short" aria-label={`${t.addEventHere}: ${t.eventPlayer}`} placeholder={t.namePlaceholder} value={player} onChange={(e) => setPlayer(e.target.value)} />
          <input className="search short" aria-label={`${t.addEventHere}: ${t.eventAt}`} placeholder={t.eventAtPlaceholder} value={at} onChange={(e) => setAt(e.target.value)} />
          <button type="submit" className="button" disabled={busy || atMs === null || (player.trim() !== '' && !playerId)}>{t.addEvent}</button>
        </form>
      </div>
      {events && shown.length === 0 ? <p className="muted">{t.noEvents}</p> : (
        <ul className="event-list">
          {shown.map((e) => {
            const label = `${e.type} ${clock(e.start_ms)}`;
            return (
              <EventRow
                key={`${e.event_id}:${e.type}:${e.start_ms}:${e.team ?? ''}:${e.player_id ?? ''}:${JSON.stringify(e.properties)}`}
                event={e} label={label} busy={busy} names={names} video={video} t={t} correct={correct}
                specs={editableProperties(catalogue[e.type]?.properties)}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** One event: its time (a click seeks the video), type, and its team and player, which the analyst can change. */
function EventRow({ event: e, label, busy, names, video, t, correct, specs }: {
  event: EventItem; label: string; busy: boolean; names: [string, string]; video: VideoClock; t: Strings; correct: (c: Record<string, unknown>) => Promise<void>;
  specs: PropertySpec[];
}) {
  const [type, setType] = useState(e.type);
  const [at, setAt] = useState(clock(e.start_ms));
  const [team, setTeam] = useState<string>(e.team ?? '');
  const [player, setPlayer] = useState(e.player_id ?? '');
  const squad = team === 'team_0' || team === 'team_1' ? team : null;
  const playerId = player.trim() ? typedPlayerId(player, squad) : null;
  const startMs = at === clock(e.start_ms) ? e.start_ms : clockMs(at);
  const changes: Record<string, unknown> = {};
  if (type !== e.type) changes.type = type;
  // A moved event keeps its length.
  if (startMs !== null && startMs !== e.start_ms) Object.assign(changes, { start_ms: startMs, end_ms: startMs + (e.end_ms - e.start_ms) });
  if (squad !== e.team) changes.team = squad;
  if (playerId !== e.player_id && (playerId !== null || player.trim() === '')) changes.player_id = playerId;
  const valid = (player.trim() === '' || playerId !== null) && startMs !== null;
  return (
    <li data-event={e.event_id}>
      <button type="button" className="button link" onClick={() => video.seek(e.start_ms)}>{clock(e.start_ms)}</button>
      <form className="inline" onSubmit={(ev) => { ev.preventDefault(); if (valid && Object.keys(changes).length) void correct({ op: 'edit_event', event_id: e.event_id, changes }); }}>
        <select aria-label={t.eventTypeOf(label)} value={type} onChange={(ev) => setType(ev.target.value)}>
          {EDITABLE_EVENT_TYPES.map((k) => <option key={k} value={k}>{k}</option>)}
        </select>
        <input className="search short" aria-label={t.eventAtOf(label)} value={at} onChange={(ev) => setAt(ev.target.value)} />
        <select aria-label={t.eventTeamOf(label)} value={team} onChange={(ev) => setTeam(ev.target.value)}>
          <option value="team_0">{names[0]}</option><option value="team_1">{names[1]}</option><option value="">{t.noSquad}</option>
        </select>
        <input className="search short" list="known-players" aria-label={t.eventPlayerOf(label)} value={player} onChange={(ev) => setPlayer(ev.target.value)} />
        <button type="submit" className="button" disabled={busy || !valid || Object.keys(changes).length === 0}>{t.saveEvent}</button>
      </form>
      <button type="button" className="button ghost" disabled={busy} aria-label={t.deleteEvent(label)} onClick={() => void correct({ op: 'delete_event', event_id: e.event_id })}>✕</button>
      <EventProperties
        label={label} specs={specs} properties={e.properties} busy={busy} t={t}
        save={(properties) => void correct({ op: 'edit_event', event_id: e.event_id, changes: { properties } })}
      />
    </li>
  );
}
