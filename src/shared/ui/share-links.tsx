/**
 * Sharing an article, without any third-party script (decision 100):
 *
 * - Without JavaScript: plain links to the networks' own share pages (LinkedIn, X, Facebook,
 *   WhatsApp) and a `mailto:` link, each with the page's URL.
 * - With JavaScript, where the browser has the Web Share API (`navigator.share`, W3C Web Share):
 *   one button that opens the system's share sheet, instead of the links.
 * - With JavaScript elsewhere: the links plus "copy link" (Clipboard API `writeText`), which says
 *   in a live region that the link was copied, or that copying did not work.
 *
 * The share URLs are the networks' documented ones: linkedin.com/sharing/share-offsite (?url=),
 * x.com/intent/post (?text=&url=), facebook.com/sharer/sharer.php (?u=), wa.me (?text=).
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from './root-data.ts';

/** A share link of a network: its key in `share.*` of reader.json and its URL. */
interface ShareTarget {
  key: 'linkedin' | 'x' | 'facebook' | 'whatsapp' | 'email';
  href: string;
}

/**
 * The share links of a page.
 * @param url the page's absolute URL
 * @param title the page's title (the text of an X post, WhatsApp message and e-mail subject)
 */
export function shareTargets(url: string, title: string): ShareTarget[] {
  const u = encodeURIComponent(url);
  return [
    { key: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { key: 'x', href: `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${u}` },
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    {
      key: 'email',
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n\n${url}`)}`,
    },
  ];
}

/** What the browser offers, known only after hydration (the server renders the plain links). */
type Abilities = { share: boolean; copy: boolean };

/** The outcome of the last copy, announced in the live region. */
type CopyStatus = 'idle' | 'copied' | 'failed';

/** The share bar of an article: `url` absolute, `title` the headline. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  // Inside a Dutch-only article under /en the bar still speaks the page's language.
  const locale = useLocale();
  const headingId = useId();
  const [abilities, setAbilities] = useState<Abilities>({ share: false, copy: false });
  const [status, setStatus] = useState<CopyStatus>('idle');

  useEffect(() => {
    setAbilities({
      share: typeof navigator.share === 'function',
      copy: typeof navigator.clipboard?.writeText === 'function',
    });
  }, []);

  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // The visitor closed the share sheet: nothing to do. Anything else: offer the links.
      if ((error as Error)?.name !== 'AbortError') setAbilities((now) => ({ ...now, share: false }));
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
  };

  return (
    <section className="share" aria-labelledby={headingId} lang={locale}>
      <h2 id={headingId} className="share__title">
        {t('share.heading')}
      </h2>
      {abilities.share ? (
        <button type="button" className="button share__native" onClick={share}>
          {t('share.native')}
        </button>
      ) : (
        <ul className="share__list">
          {shareTargets(url, title).map((target) => (
            <li key={target.key}>
              <a
                className="share__link"
                href={target.href}
                aria-label={t(`share.${target.key}Label`)}
                data-share={target.key}
                {...(target.key === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {t(`share.${target.key}`)}
              </a>
            </li>
          ))}
          {abilities.copy ? (
            <li>
              <button type="button" className="share__link share__copy" onClick={copy}>
                {t('share.copy')}
              </button>
            </li>
          ) : null}
        </ul>
      )}
      <p className="share__status" role="status" aria-live="polite">
        {status === 'copied' ? t('share.copied') : status === 'failed' ? t('share.copyFailed') : ''}
      </p>
    </section>
  );
}
