/**
 * A VAPID public key (base64url, RFC 8292 section 3.2) as the bytes `pushManager.subscribe` takes
 * as `applicationServerKey`; shared by the page (push-client.ts) and the service worker.
 * @throws DOMException when the text is not base64
 */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
