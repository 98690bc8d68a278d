/**
 * Express's `trust proxy` value for a TRUST_PROXY setting: none when empty or `false`, every hop
 * for `true`, a hop count for a number, else a list of trusted addresses and subnets. Only
 * configured proxies may set the client's address (`X-Forwarded-For`), never any local process.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting;
}
