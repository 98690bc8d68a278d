/**
 * The device class of a user agent (docs/analytics.md): the only thing analytics keeps of it, so
 * no user agent string (a fingerprinting aid) is stored.
 */

/** A device class. */
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** The class of a `User-Agent` header: tablet, mobile, or desktop for anything else. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|BlackBerry|Opera Mini|IEMobile/i.test(ua)) return 'mobile';
  return 'desktop';
}
