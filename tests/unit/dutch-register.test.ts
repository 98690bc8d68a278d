/**
 * One register for the Dutch copy: the portal says "je", as Dutch news sites do
 * (docs/decisions/097-dutch-copy-says-je.md). Fails on the formal "u" forms of address ("u",
 * "uw", "uzelf", "U kunt", "Uw gegevens") in every Dutch translation file and in the CMS's Dutch
 * demo content and e-mail texts, so a new text in the other register cannot slip in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The formal pronouns, as whole words. */
const FORMAL_WORDS = /^(?:u|uw|uwe|uzelf)$/i;

/**
 * The formal forms of address in a Dutch text, each with a little context. Not counted: the
 * letter in an e-mail address or URL (`u@x.nl`, `/u/`), in a placeholder (`{{u}}`) or markup, a
 * compound written with a hyphen (`U-bocht`), and the abbreviation of "uur" after a number
 * ("om 9.00 u").
 */
function formalAddress(text: string): string[] {
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\b(?:https?:\/\/|mailto:)\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ');
  const found: string[] = [];
  for (const match of plain.matchAll(/[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu)) {
    const word = match[0];
    if (!FORMAL_WORDS.test(word)) continue;
    const before = plain.slice(0, match.index);
    const after = plain.slice(match.index + word.length);
    // "9.00 u" / "17 u.": the hour, not the reader.
    if (/^u$/i.test(word) && /\d\s*$/.test(before)) continue;
    // Part of a path or a hyphenated word.
    if (/[/\\-]$/.test(before) || /^[/\\-]/.test(after)) continue;
    found.push(`${before.slice(-25)}[${word}]${after.slice(0, 25)}`);
  }
  return found;
}

/** Every string in a JSON value, with its dotted key. */
function strings(value: unknown, key = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[key, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${key}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => strings(item, key ? `${key}.${name}` : name));
  return [];
}

/**
 * The string literals of a JavaScript source ('…', "…" and `…`, template expressions left out),
 * each with its line number. Good enough for the CMS's seed and mail files; not a JavaScript parser.
 */
function stringLiterals(source: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const match of source.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
    const line = source.slice(0, match.index).split('\n').length;
    found.push([`line ${line}`, match[0].slice(1, -1).replace(/\$\{[^}]*\}/g, ' ')]);
  }
  return found;
}

/** The JavaScript files under `dir`, recursively. */
function scriptsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return scriptsUnder(file);
    return /\.js$/.test(entry.name) ? [file] : [];
  });
}

/** Formal address found in `texts`, as "where: context" lines. */
function offences(texts: Array<[string, string]>, file: string): string[] {
  return texts.flatMap(([where, text]) => formalAddress(text).map((hit) => `${file} ${where}: ${hit}`));
}

describe('the detector', () => {
  it('finds the formal forms of address', () => {
    for (const text of [
      'U kunt hieronder kiezen.',
      'Er zijn fouten in uw formulier gevonden.',
      'Heeft u een vraag?',
      'Wij horen graag van u.',
      'Uw rechten',
      'Meld u aan',
      'Dat regelt u zelf, of uzelf.',
    ]) {
      expect(formalAddress(text), text).not.toEqual([]);
    }
  });

  it('leaves the informal register and lookalikes alone', () => {
    for (const text of [
      'Je kunt hieronder kiezen; jouw keuze bewaren wij.',
      'Mail naar u@voorbeeld.nl of kijk op https://voorbeeld.nl/u/uw',
      'Deuren open om 9.00 u, start 10 u.',
      'Een U-bocht en een u-turn.',
      'Hallo {{u}}, <u>onderstreept</u>',
      'Uur, uitgave, nu, zuur, Ü',
    ]) {
      expect(formalAddress(text), text).toEqual([]);
    }
  });
});

describe('the Dutch copy says "je", not "u"', () => {
  it('in every Dutch translation file', () => {
    const dir = 'src/shared/i18n/locales/nl';
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      offences(strings(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))), file),
    );
    expect(found).toEqual([]);
  });

  it("in the CMS's Dutch demo content", () => {
    const found = [
      ...offences(
        strings(JSON.parse(readFileSync('cms/database/seed/data/catalog.json', 'utf8'))),
        'catalog.json',
      ),
      ...['pages.js', 'catalog.js'].flatMap((file) =>
        offences(stringLiterals(readFileSync(`cms/database/seed/${file}`, 'utf8')), file),
      ),
    ];
    expect(found).toEqual([]);
  });

  it("in the CMS's e-mails", () => {
    const files = scriptsUnder('cms/src');
    expect(files).toContain(path.join('cms/src/lib/mail.js'));
    const found = files.flatMap((file) => offences(stringLiterals(readFileSync(file, 'utf8')), file));
    expect(found).toEqual([]);
  });
});
