/** The few calls the drill makes, over real HTTP with the data folder's default token. */
export interface ApiReply {
  status: number;
  /** Parsed JSON when the body is JSON, else null. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  bytes: Buffer;
}

export interface DrillApi {
  base: string;
  call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<ApiReply>;
}

export function drillApi(base: string, token: string): DrillApi {
  return {
    base,
    async call(method, path, body, signal) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      let json: unknown = null;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          json = null;
        }
      }
      return { status: res.status, json, bytes };
    },
  };
}

/** Like `call`, but anything but 2xx is an error naming the call. */
export async function expectOk(api: DrillApi, method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<ApiReply> {
  const reply = await api.call(method, path, body, signal);
  if (reply.status < 200 || reply.status > 299) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.bytes.toString('utf8').slice(0, 300)}`);
  return reply;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
