/**
 * The service listens on 127.0.0.1 only, but a web page can still point a DNS name it controls at
 * 127.0.0.1 (DNS rebinding) and have the browser call us. Such requests carry the attacker's host
 * name in `Host`; only loopback names are served.
 */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.trim().toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  if (host.startsWith('[') && !/^\[[^\]]+\](:\d+)?$/.test(host)) return false;
  if (!host.startsWith('[') && !/^[^:]+(:\d+)?$/.test(host)) return false;
  if (LOOPBACK_NAMES.has(name)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name.endsWith('.localhost');
}
