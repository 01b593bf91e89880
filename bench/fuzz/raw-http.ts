import { Agent, request } from 'node:http';
import type { FuzzRequest } from './request-arbitrary.js';

export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/**
 * Sends the request exactly as generated (node:http leaves a raw path alone, where fetch would
 * normalise `..` and re-encode), with an explicit Content-Length. Rejects when no answer comes.
 */
export function sendRaw(base: URL, req: FuzzRequest, timeoutMs = 15_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const body = req.body === null ? null : Buffer.from(req.body, 'utf8');
    const headers: Record<string, string> = { host: base.host, ...req.headers };
    if (body !== null) headers['content-length'] = String(body.length);
    const r = request({ host: base.hostname, port: base.port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    r.setTimeout(timeoutMs, () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    r.on('error', reject);
    r.end(body ?? undefined);
  });
}
