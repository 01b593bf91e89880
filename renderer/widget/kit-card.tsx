import type { PreviewTeam } from './widget-api.js';
import { colourWord, type Lang, type Strings } from './strings.js';

/** A kit drawn from its measured colours: shirt (sleeves in the second colour), shorts and socks. */
function KitFigure({ team }: { team: PreviewTeam }) {
  const c = team.colours ?? { primary: '#888888', secondary: '#888888', shorts: null, socks: null };
  const unseen = '#d9dde3';
  return (
    <svg className="kit-figure" viewBox="0 0 100 150" aria-hidden="true">
      <path d="M30 8 L14 16 L4 44 L18 50 L24 34 L24 80 L76 80 L76 34 L82 50 L96 44 L86 16 L70 8 Q50 20 30 8 Z" fill={c.primary} stroke="#1f2933" strokeWidth="1.5" />
      <path d="M14 16 L4 44 L18 50 L24 34 Z M86 16 L96 44 L82 50 L76 34 Z" fill={c.secondary} stroke="#1f2933" strokeWidth="1.5" />
      <path d="M24 84 L76 84 L78 112 L54 112 L50 98 L46 112 L22 112 Z" fill={c.shorts ?? unseen} stroke="#1f2933" strokeWidth="1.5" strokeDasharray={c.shorts ? undefined : '3 2'} />
      <rect x="27" y="118" width="14" height="28" rx="3" fill={c.socks ?? unseen} stroke="#1f2933" strokeWidth="1.5" strokeDasharray={c.socks ? undefined : '3 2'} />
      <rect x="59" y="118" width="14" height="28" rx="3" fill={c.socks ?? unseen} stroke="#1f2933" strokeWidth="1.5" strokeDasharray={c.socks ? undefined : '3 2'} />
    </svg>
  );
}

export interface KitCardProps {
  team: PreviewTeam;
  letter: string;
  role: 'home' | 'away' | null;
  showCrops: boolean;
  disabled: boolean;
  onChoose: () => void;
  t: Strings;
  lang: Lang;
}

/** One of the two kits as a radio card: crops of players wearing it when they came, else the drawn kit. */
export function KitCard({ team, letter, role, showCrops, disabled, onChoose, t, lang }: KitCardProps) {
  const parts: [string, string][] = [[t.shirt, team.swatch.primary], [t.shorts, team.swatch.shorts], [t.socks, team.swatch.socks]];
  const name = t.kit(letter);
  return (
    <button
      type="button" role="radio" aria-checked={role === 'home'} disabled={disabled}
      className={`kit-card${role ? ` is-${role}` : ''}`} data-kit={team.key} onClick={onChoose}
    >
      <span className="kit-name">{name}</span>
      {role ? <span className={`kit-badge badge-${role}`}>{role === 'home' ? t.home : t.away}</span> : null}
      <span className="kit-visual">
        {showCrops && team.crops.length
          ? team.crops.slice(0, 3).map((src) => <img key={src} className="kit-crop" src={src} alt={t.photoOf(name)} />)
          : <KitFigure team={team} />}
      </span>
      <span className="kit-parts" title={team.swatch.description}>
        {parts.filter(([, colour]) => colour !== 'unknown').map(([part, colour]) => (
          <span key={part} className="kit-part"><span className="kit-part-label">{part}</span> {colourWord(colour, lang)}</span>
        ))}
      </span>
    </button>
  );
}
