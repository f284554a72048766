/** A host name of this machine itself (`localhost`, `127.x.y.z`, `::1`, bracketed or not). */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
