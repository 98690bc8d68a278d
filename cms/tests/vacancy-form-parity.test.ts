/**
 * The vacancy form of account holders without services: the form library's `-` hint (a
 * rule that runs on empty values skips them: the optional IBAN of the edit form), the form
 * definition's date boundaries in Europe/Amsterdam and its two cross-field rules, and the CMS side
 * (cms/src/lib/vacancy-validation.js, vacancy-blocks.js and the vacancy service): the same validation (owner and review status never taken
 * from the body), plain text ↔ Strapi blocks, the owner's status and the public read filter.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  crossFieldErrors,
  dayBefore,
  PROVINCES,
  type VacancyFormSetup,
  vacancyForm,
} from '../../src/shared/features/vacancies/vacancy-form.ts';
import { defineForm } from '../../src/shared/forms/define-form.ts';
import { IBAN_RULE } from '../../src/shared/forms/iban.ts';
import { parseValidation } from '../../src/shared/forms/parse.ts';
import { RULES } from '../../src/shared/forms/rules.ts';
import { validateForm } from '../../src/shared/forms/validate-form.ts';

const require = createRequire(import.meta.url);
const cmsLib = {
  ...require('../src/lib/vacancy-validation.js'),
  ...require('../src/lib/vacancy-blocks.js'),
  ...require('../src/api/vacancy/services/vacancy.js'),
} as {
  validateVacancy: (body: unknown, options?: { now?: number; requireIban?: boolean }) => Record<string, unknown>;
  textToBlocks: (text: string) => unknown[];
  blocksToText: (blocks: unknown) => string;
  ownerStatus: (
    draft: { reviewStatus?: string | null; validThrough?: string | null },
    published: { reviewStatus?: string | null } | undefined,
    now: number,
  ) => string;
  publicFilters: (now?: number) => unknown;
  PROVINCES: string[];
};

/** Strapi's 400 of a refused body (cms/src/lib/validate.js). */
interface Refusal {
  name: string;
  details: { field: string; errors: Array<{ path: string[]; message: string; name: string }> };
}

/** The first refused field of a vacancy body, or undefined when the CMS accepts it. */
function refusedField(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    const refusal = error as Refusal;
    if (refusal.name !== 'ValidationError') throw error;
    return refusal.details.field;
  }
}

const IBAN = 'NL44 RABO 0123 4567 89';
/** 21 November 2026, 23:30 in Amsterdam (22:30 UTC): "today" there is still the 21st. */
const NOW = Date.parse('2026-11-21T22:30:00Z');
const TODAY = '2026-11-21';
const CATEGORIES = [
  { documentId: 'cat1logistiek', name: 'Logistiek' },
  { documentId: 'cat2ecommerce', name: 'E-commerce' },
];
const PLACE: VacancyFormSetup = { today: TODAY, categories: CATEGORIES, mode: 'place' };

/** A complete, valid vacancy as the portal posts it. */
function valid(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Planner distributiecentrum',
    summary: 'Wij zoeken een ervaren planner.',
    description: 'Als planner zorg je dat elke zending op tijd vertrekt en goed aankomt.',
    category: 'cat1logistiek',
    employmentType: 'FULL_TIME',
    employer: 'Pakketpost B.V.',
    location: 'Tilburg',
    salaryMin: '3200',
    salaryMax: '4100',
    salaryPeriod: 'MONTH',
    applyUrl: 'https://werkenbij.example/planner',
    applyEmail: '',
    publishFrom: TODAY,
    validThrough: '2026-12-21',
    invoiceCompany: 'Pakketpost B.V.',
    invoiceStreet: 'Stationsstraat',
    invoiceHouseNumber: '12A',
    invoicePostcode: '5038ec',
    invoiceCity: 'Tilburg',
    kvkNumber: '12345678',
    vatNumber: 'nl123456789b01',
    invoiceEmail: 'factuur@pakketpost.example',
    iban: IBAN,
    terms: 'on',
    ...overrides,
  };
}

describe('the `-` hint of the form library', () => {
  it('skips a rule that runs on empty values while the value is empty', () => {
    const definitions = { ...RULES, iban: IBAN_RULE };
    expect(parseValidation('iban', definitions)[0]!.skipEmpty).toBe(false);
    expect(parseValidation('-iban', definitions)[0]!.skipEmpty).toBe(true);
    expect(parseValidation([['(20)-iban']], definitions)[0]).toMatchObject({ skipEmpty: true, debounce: 20 });
    const form = defineForm({
      fields: { iban: { label: 'IBAN', validation: '-iban' } },
      rules: { iban: IBAN_RULE },
    });
    expect(validateForm(form, { iban: '' }, 'nl')).toMatchObject({ success: true, errors: {} });
    expect(validateForm(form, { iban: IBAN }, 'nl').success).toBe(true);
    expect(validateForm(form, { iban: 'NL44 RABO 0123 4567 88' }, 'nl').errors).toEqual({
      iban: ['Vul een geldig IBAN in.'],
    });
  });
});

describe('the vacancy form definition', () => {
  it('takes a publication start from today (Europe/Amsterdam) and an end after today', () => {
    const form = vacancyForm(PLACE);
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    const result = (values: Record<string, unknown>) =>
      validateForm(form, valid(values) as Record<string, string>, 'nl', { now: NOW });
    expect(result({}).success).toBe(true);
    expect(result({ publishFrom: '2026-11-20' }).errors.publishFrom).toEqual([
      'Online vanaf mag niet in het verleden liggen.',
    ]);
    expect(result({ publishFrom: '21-11-2026' }).errors.publishFrom).toEqual([
      'Online vanaf is geen geldige datum, gebruik de notatie YYYY-MM-DD.',
    ]);
    expect(result({ validThrough: TODAY }).errors.validThrough).toEqual([
      'Online tot en met moet na 21 nov 2026 zijn.',
    ]);
  });

  it('offers only the given categories and needs the IBAN when placing, not when editing', () => {
    const place = vacancyForm(PLACE);
    const edit = vacancyForm({ ...PLACE, mode: 'edit' });
    expect(vacancyForm({ ...PLACE, categories: [...CATEGORIES] })).toBe(place);
    expect(
      validateForm(place, valid({ category: 'cat9other' }) as Record<string, string>, 'nl').errors,
    ).toEqual({
      category: ['Categorie is verplicht.'],
    });
    expect(validateForm(place, valid({ iban: '' }) as Record<string, string>, 'nl').errors).toEqual({
      iban: ['IBAN is verplicht.'],
    });
    expect(validateForm(edit, valid({ iban: '' }) as Record<string, string>, 'nl').success).toBe(true);
    expect(validateForm(edit, valid({ iban: 'NL00 0000' }) as Record<string, string>, 'en').errors).toEqual({
      iban: ['Please enter a valid IBAN.'],
    });
    // A refused post keeps the IBAN that was typed, as every value but a password (decision 110).
    expect(place.secrets.has('iban') || edit.secrets.has('iban')).toBe(false);
  });

  it('compares the salaries and the dates with the library’s messages, once each field passed its own rules', () => {
    const form = vacancyForm(PLACE);
    const check = (values: Record<string, unknown>, locale: 'nl' | 'en' = 'nl') => {
      const result = validateForm(form, valid(values) as Record<string, string>, locale, { now: NOW });
      return crossFieldErrors(form, result.values, result.errors, locale);
    };
    expect(check({})).toEqual({});
    expect(check({ salaryMin: '4000', salaryMax: '4000' })).toEqual({});
    expect(check({ salaryMin: '4000', salaryMax: '3999' })).toEqual({
      salaryMax: ['Salaris tot en met moet minimaal 4000 zijn.'],
    });
    expect(check({ publishFrom: '2026-12-01', validThrough: '2026-12-01' }, 'en')).toEqual({
      validThrough: ['Online until must be after 1 Dec 2026.'],
    });
    // A field that already failed its own rule gets no second message.
    expect(check({ salaryMin: 'veel', salaryMax: '1' })).toEqual({});
  });
});

describe('the workplace address and the employer website', () => {
  const cms = (values: Record<string, unknown>) =>
    cmsLib.validateVacancy({ data: { ...valid(), terms: true, ...values } }, { now: NOW });
  const portal = (values: Record<string, unknown>) =>
    validateForm(vacancyForm(PLACE), valid(values) as Record<string, string>, 'nl', { now: NOW });

  it('are optional on both sides: empty parts are stored as null', () => {
    expect(portal({}).success).toBe(true);
    expect(cms({})).toMatchObject({ employerWebsite: null, street: null, postalCode: null, region: null });
    expect(cms({ employerWebsite: ' ', street: '', postalCode: '', region: '' })).toMatchObject({
      employerWebsite: null,
      street: null,
      postalCode: null,
      region: null,
    });
  });

  it('are checked and normalised the same way on both sides', () => {
    const address = {
      employerWebsite: 'https://pakketpost.example',
      street: '  Ringbaan-West   240 ',
      postalCode: '5038ke',
      region: 'Noord-Brabant',
    };
    expect(portal(address).success).toBe(true);
    expect(cms(address)).toMatchObject({
      employerWebsite: 'https://pakketpost.example',
      street: 'Ringbaan-West 240',
      postalCode: '5038 KE',
      region: 'Noord-Brabant',
    });
    expect(portal({ postalCode: '1234 SS' }).errors.postalCode).toHaveLength(1);
    expect(refusedField(() => cms({ postalCode: '1234 SS' }))).toBe('postalCode');
    expect(portal({ employerWebsite: 'pakketpost' }).errors.employerWebsite).toHaveLength(1);
    expect(refusedField(() => cms({ employerWebsite: 'javascript:alert(1)' }))).toBe('employerWebsite');
    expect(refusedField(() => cms({ street: 'X' }))).toBe('street');
    // A province outside the list: the portal's select empties it, the CMS refuses it.
    expect(portal({ region: 'Vlaanderen' }).values.region).toBe('');
    expect(refusedField(() => cms({ region: 'Vlaanderen' }))).toBe('region');
    expect(cmsLib.PROVINCES).toEqual([...PROVINCES]);
  });
});

describe('the CMS side of placed vacancies', () => {
  const body = (values: Record<string, unknown>) => ({
    data: { ...valid(), terms: true, locale: 'en', ...values },
  });

  it('accepts what the portal accepts and normalises it, ignoring owner and review status', () => {
    const value = cmsLib.validateVacancy(
      body({ owner: 7, reviewStatus: 'approved', publishedAt: '2026-01-01T00:00:00Z' }),
      { now: NOW },
    );
    expect(value).toMatchObject({
      salaryMin: 3200,
      salaryMax: 4100,
      invoicePostcode: '5038 EC',
      vatNumber: 'NL123456789B01',
      iban: 'NL44RABO0123456789',
      applyEmail: null,
      locale: 'en',
    });
    for (const key of ['owner', 'reviewStatus', 'publishedAt', 'terms']) expect(value).not.toHaveProperty(key);
  });

  it('refuses each rule the portal has', () => {
    const field = (values: Record<string, unknown>, options: { requireIban?: boolean } = {}) =>
      refusedField(() => cmsLib.validateVacancy(body(values), { now: NOW, ...options }));
    expect(field({ publishFrom: '2026-11-20' })).toBe('publishFrom');
    expect(field({ publishFrom: '2026-02-30' })).toBe('publishFrom');
    expect(field({ validThrough: TODAY })).toBe('validThrough');
    expect(field({ salaryMax: '3100' })).toBe('salaryMax');
    expect(field({ salaryMin: '3200.50' })).toBe('salaryMin');
    expect(field({ applyUrl: '', applyEmail: '' })).toBe('applyUrl');
    expect(field({ applyUrl: 'javascript:alert(1)' })).toBe('applyUrl');
    expect(field({ invoicePostcode: '1234 SS' })).toBe('invoicePostcode');
    expect(field({ kvkNumber: '123456789' })).toBe('kvkNumber');
    expect(field({ vatNumber: 'BE0123456789' })).toBe('vatNumber');
    expect(field({ iban: 'NL44 RABO 0123 4567 88' })).toBe('iban');
    expect(field({ iban: '' })).toBe('iban');
    expect(field({ iban: '' }, { requireIban: false })).toBeUndefined();
    expect(field({ employmentType: 'SOMETIMES' })).toBe('employmentType');
    expect(field({ category: '../etc' })).toBe('category');
    expect(field({ terms: false })).toBe('terms');
  });

  it("answers Strapi's 400 ValidationError with every refused field, in form order, never the input", () => {
    const wrongIban = 'NL44 RABO 0123 4567 88';
    let refusal: Refusal | undefined;
    try {
      cmsLib.validateVacancy(body({ title: 'Kok', salaryMin: 'veel', iban: wrongIban, terms: 'on' }), { now: NOW });
    } catch (error) {
      refusal = error as Refusal;
    }
    expect(refusal).toMatchObject({ name: 'ValidationError', message: '4 errors occurred' });
    expect(refusal?.details.field).toBe('title');
    expect(refusal?.details.errors).toEqual([
      { path: ['data', 'title'], message: 'data.title must have 5 to 120 characters', name: 'ValidationError' },
      // No second message on salaryMax while salaryMin itself is refused.
      { path: ['data', 'salaryMin'], message: 'data.salaryMin must be a whole number from 1 to 1000000', name: 'ValidationError' },
      { path: ['data', 'iban'], message: 'data.iban is not a valid IBAN', name: 'ValidationError' },
      { path: ['data', 'terms'], message: 'data.terms must be true', name: 'ValidationError' },
    ]);
    expect(JSON.stringify(refusal?.details)).not.toContain('RABO');
    expect(refusedField(() => cmsLib.validateVacancy({ data: [] }))).toBe('data');
    expect(refusedField(() => cmsLib.validateVacancy({}))).toBe('data');
    // Strings only: yup alone would turn the number 12345 into the title '12345'.
    expect(refusedField(() => cmsLib.validateVacancy(body({ title: 12345 }), { now: NOW }))).toBe('title');
  });

  it('turns plain text into Strapi blocks and back', () => {
    const text = 'Eerste alinea\nmet een regel.\n\n- picken\n- inpakken\n\r\nSlot.';
    const blocks = cmsLib.textToBlocks(text);
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Eerste alinea\nmet een regel.' }] },
      {
        type: 'list',
        format: 'unordered',
        children: [
          { type: 'list-item', children: [{ type: 'text', text: 'picken' }] },
          { type: 'list-item', children: [{ type: 'text', text: 'inpakken' }] },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', text: 'Slot.' }] },
    ]);
    expect(cmsLib.blocksToText(blocks)).toBe(
      'Eerste alinea\nmet een regel.\n\n- picken\n- inpakken\n\nSlot.',
    );
    expect(
      cmsLib.blocksToText([
        { type: 'heading', level: 2, children: [{ type: 'text', text: 'Kop' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'text', text: 'Zie ' },
            { type: 'link', url: 'https://x.example', children: [{ type: 'text', text: 'de site' }] },
          ],
        },
        {
          type: 'list',
          format: 'ordered',
          children: [{ type: 'list-item', children: [{ type: 'text', text: 'a' }] }],
        },
        { type: 'image', image: {} },
      ]),
    ).toBe('Kop\n\nZie de site\n\n1. a');
  });

  it('tells the owner the status of a vacancy', () => {
    const future = '2026-12-31T22:59:00Z';
    const past = '2026-11-01T22:59:00Z';
    expect(cmsLib.ownerStatus({ reviewStatus: 'pending', validThrough: future }, undefined, NOW)).toBe(
      'pending',
    );
    expect(cmsLib.ownerStatus({ reviewStatus: 'approved', validThrough: future }, undefined, NOW)).toBe(
      'pending',
    );
    expect(
      cmsLib.ownerStatus(
        { reviewStatus: 'approved', validThrough: future },
        { reviewStatus: 'approved' },
        NOW,
      ),
    ).toBe('published');
    expect(
      cmsLib.ownerStatus({ reviewStatus: 'approved', validThrough: past }, { reviewStatus: 'approved' }, NOW),
    ).toBe('expired');
    expect(cmsLib.ownerStatus({ reviewStatus: 'rejected', validThrough: past }, undefined, NOW)).toBe(
      'rejected',
    );
    expect(
      cmsLib.ownerStatus(
        { reviewStatus: 'withdrawn', validThrough: future },
        { reviewStatus: 'approved' },
        NOW,
      ),
    ).toBe('withdrawn');
  });

  it('shows the public only approved vacancies whose publication started (Amsterdam calendar day)', () => {
    expect(cmsLib.publicFilters(NOW)).toEqual({
      $and: [
        { reviewStatus: { $eq: 'approved' } },
        { $or: [{ publishFrom: { $null: true } }, { publishFrom: { $lte: '2026-11-21' } }] },
      ],
    });
    expect(JSON.stringify(cmsLib.publicFilters(NOW + 60 * 60 * 1000))).toContain('2026-11-22');
  });
});
