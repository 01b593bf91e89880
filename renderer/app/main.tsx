import { createRoot } from 'react-dom/client';
import { readBoot } from './boot.js';
import { createApi } from './api.js';
import { createLibraryStore } from './store.js';
import { Library } from './library.js';
import { MatchView } from './match-view.js';
import { PlayerView } from './player-view.js';
import { ImportView } from './import-view.js';
import { ClipBuilder } from './clip-builder.js';
import { SettingsView } from './settings-view.js';
import { applyTheme, storedLang, storedTheme } from './preferences.js';
import { useRoute } from './router.js';
import { STRINGS } from './strings.js';
import './app.css';
import './media.css';

const boot = readBoot();
// The language chosen in the settings wins over the one the service guessed from the browser.
const lang = storedLang() ?? boot.lang;
const t = STRINGS[lang];
document.documentElement.lang = lang;
applyTheme(storedTheme());
const api = createApi(boot.apiBase, boot.token);
const store = createLibraryStore(api);
const locale = lang === 'nl' ? 'nl-NL' : 'en-GB';

function App() {
  const route = useRoute();
  return (
    <>
      <header className="topbar">
        <span className="brand">Touchline</span>
        <nav aria-label="Main">
          <a href="#/library" aria-current={route.view === 'library' ? 'page' : undefined}>{t.library}</a>
          <a href="#/import" aria-current={route.view === 'import' ? 'page' : undefined}>{t.importNav}</a>
          <a href="#/settings" aria-current={route.view === 'settings' ? 'page' : undefined}>{t.settings}</a>
        </nav>
        <span className="muted small version">{boot.version}</span>
      </header>
      <main className="page">
        {route.view === 'import' ? <ImportView api={api} t={t} origin={window.location.origin} />
          : route.view === 'settings' ? <SettingsView api={api} token={boot.scriptToken} t={t} />
          : route.view === 'clips' ? <ClipBuilder api={api} analysisId={route.analysisId} t={t} />
          : route.view === 'player' ? <PlayerView api={api} analysisId={route.analysisId} playerId={route.playerId} t={t} />
          : route.view === 'match' ? <MatchView api={api} analysisId={route.analysisId} t={t} /> : <Library store={store} t={t} locale={locale} />}
      </main>
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
