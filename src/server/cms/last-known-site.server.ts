/**
 * The last known good site settings per locale (navigation, footer, contact details): kept in
 * memory and on disk, so a page can still render its shell — and a form page its form with the
 * visitor's input — while the CMS is down, even on an instance that started during the outage
 * (docs/decisions/046-last-known-good-content.md). The StrapiClient's stale-if-error cache covers
 * every other read of a warm instance.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Site } from '../../shared/cms-types.ts';
import { LOCALES, type Locale } from '../../shared/i18n/locale.ts';

/** Site settings per locale, remembered on success and read back during an outage. */
export class LastKnownSite {
  readonly #dir: string | null;
  readonly #logger: Logger | undefined;
  readonly #sites = new Map<Locale, Site>();
  readonly #written = new Map<Locale, string>();

  /**
   * @param dir folder of the on-disk copies (`site-<locale>.json`), or null for memory only
   */
  constructor(dir: string | null, logger?: Logger) {
    this.#dir = dir;
    this.#logger = logger;
  }

  /** Reads the on-disk copies into memory (missing or unreadable files are skipped). */
  async load(): Promise<void> {
    if (!this.#dir) return;
    await Promise.all(
      LOCALES.map(async (locale) => {
        try {
          const text = await readFile(this.#file(locale), 'utf8');
          this.#sites.set(locale, JSON.parse(text) as Site);
          this.#written.set(locale, text);
        } catch {
          // No copy yet: the first successful read writes one.
        }
      }),
    );
  }

  /** The last known settings of `locale`, or undefined. */
  get(locale: Locale): Site | undefined {
    return this.#sites.get(locale);
  }

  /** Remembers fresh settings; writes the disk copy when they changed (never throws). */
  remember(locale: Locale, site: Site): void {
    // The CMS client answers from its cache with the same object: nothing new to remember.
    if (this.#sites.get(locale) === site) return;
    this.#sites.set(locale, site);
    if (!this.#dir) return;
    const text = JSON.stringify(site);
    if (this.#written.get(locale) === text) return;
    this.#written.set(locale, text);
    const dir = this.#dir;
    void mkdir(dir, { recursive: true })
      .then(() => writeFile(this.#file(locale), text))
      .catch((error: unknown) =>
        this.#logger?.warn({ err: error, dir }, 'could not store the site settings copy'),
      );
  }

  #file(locale: Locale): string {
    return path.join(this.#dir ?? '', `site-${locale}.json`);
  }
}
