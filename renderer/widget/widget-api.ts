/** The widget's calls to its own service (main/service/routes/embed-tokens.ts), with the embed token. */

export type KitKey = 'team_a' | 'team_b';

export interface PreviewTeam {
  key: KitKey;
  swatch: { primary: string; secondary: string; shorts: string; socks: string; pattern: string; description: string };
  crops: string[];
  colours?: { primary: string; secondary: string; shorts: string | null; socks: string | null };
}

export interface Preview {
  status: 'processing' | 'ready' | 'unavailable';
  crops_status?: 'pending' | 'ready' | 'unavailable';
  reason?: string;
  teams?: PreviewTeam[];
}

export interface Sides {
  video_id: number;
  home_team_name: string | null;
  away_team_name: string | null;
  confirmed_home_key: KitKey | null;
  left_start_team: 'home' | 'away' | 'unknown';
  readonly_names: boolean;
  expires_at: string;
}

export class WidgetApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: string) {
    super(message);
  }

  get expired(): boolean {
    return this.code === 'EMBED_TOKEN_EXPIRED';
  }
}

async function call<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/v1${path}`, {
      method, credentials: 'omit', cache: 'no-store',
      headers: { accept: 'application/json', 'x-embed-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new WidgetApiError(`the service did not answer (${(err as Error).message})`, 0, 'NETWORK');
  }
  const payload = await res.json().catch(() => null) as { message?: string } | null;
  if (!res.ok) throw new WidgetApiError(payload?.message ?? `HTTP ${res.status}`, res.status, res.headers.get('x-touchline-error') ?? 'HTTP');
  return payload as T;
}

export const widgetApi = {
  sides: (token: string) => call<{ data: Sides }>(token, 'GET', '/embed/sides').then((r) => r.data),
  preview: (token: string) => call<Preview>(token, 'GET', '/embed/preview-teams'),
  confirm: (token: string, body: { home_key: KitKey; home_name?: string; away_name?: string }) =>
    call<{ data: Sides }>(token, 'POST', '/embed/sides/confirm', body).then((r) => r.data),
};
