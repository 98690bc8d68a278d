/** Types of the parts of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188) the tests use. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** Decrypts an `aes128gcm` body for the receiver of a Web Push message (RFC 8291). */
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer },
  ): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
