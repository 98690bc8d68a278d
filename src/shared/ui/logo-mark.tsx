/**
 * The portal's logo mark: a parcel seen from above at an angle, taped, on the brand orange (the
 * same drawing as public/favicon.svg). Decorative wherever it sits next to the site's name, so it
 * is hidden from assistive technology.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 64 64"
      width="36"
      height="36"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill="#ff9900" />
      <path
        d="M32 11 51 21.5v21L32 53 13 42.5v-21Z"
        fill="#fff4e0"
        stroke="#1f2a33"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <path
        d="M13 21.5 32 32l19-10.5M32 32v21"
        fill="none"
        stroke="#1f2a33"
        strokeWidth="3.5"
        strokeLinejoin="round"
      />
      <path d="m22.5 16.2 19 10.6v7.4" fill="none" stroke="#55738b" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
