/**
 * Demo pages and site settings, in Dutch (nl, default locale) and English (en).
 *
 * Page specs reference images by key and topics by slug; the seed orchestrator resolves them
 * to upload file ids and topic documentIds. Both locales use the same slugs, so the portal can
 * look up `/en/<slug>` with `filters[slug][$eq]=<slug>&locale=en`. URLs in links are
 * locale-neutral paths; the portal adds its own `/en` prefix for English.
 */
const { paragraph, heading, list } = require('./blocks');
const { AUTHORS } = require('./articles');

/**
 * The site's name per locale: one language per page, the English one as the English web app
 * manifest names the site (src/shared/i18n/locales/en/web-app.json; docs/decisions/112).
 */
const BRANDS = { nl: 'Logistiek & E-commerce Nieuws', en: 'Logistics & E-commerce News' };
const EMAIL = 'redactie@portal.local';
const NEWSLETTER_MAILTO = `mailto:${EMAIL}?subject=Aanmelden%20nieuwsbrief`;

/** Block builders (dynamic zone entries). */
const richText = (body) => ({ __component: 'blocks.rich-text', body });
const image = (key, caption) => ({ __component: 'blocks.image', image: key, caption });
const gallery = (title, keys) => ({ __component: 'blocks.gallery', title, images: keys });
const cta = (title, text, label, url) => ({ __component: 'blocks.call-to-action', title, text, label, url });
const contentList = (title, kind, limit, topic) => ({ __component: 'blocks.content-list', title, kind, limit, topic: topic || null });

/**
 * The editors who sign the demo articles (articles.js `AUTHORS`, without the collective
 * "Redactie"), with their beat per locale. The `/redactie` page gives each a heading, which the
 * portal turns into the anchor that a news item's author links to (`/redactie#marieke-dekker`).
 */
const EDITOR_BEATS = {
  'Marieke Dekker': { nl: 'Hoofdredacteur. Schrijft over e-commerce, marktplaatsen en de online klantreis.', en: 'Editor-in-chief. Covers e-commerce, marketplaces and the online customer journey.' },
  'Thijs van Leeuwen': { nl: 'Redacteur logistiek. Volgt pakketbezorging, last mile en stadslogistiek.', en: 'Logistics editor. Follows parcel delivery, the last mile and city logistics.' },
  'Anouk Peeters': { nl: 'Redacteur fulfilment. Schrijft over magazijnen, automatisering en robotisering.', en: 'Fulfilment editor. Covers warehouses, automation and robotics.' },
  'Jeroen Willems': { nl: 'Verslaggever. Interviewt ondernemers en doet verslag van events.', en: 'Reporter. Interviews entrepreneurs and reports from events.' },
  'Sophie Claessens': { nl: 'Data- en achtergrondredacteur. Duikt in cijfers, onderzoek en regelgeving.', en: 'Data and features editor. Digs into figures, research and regulation.' },
};
const EDITORS = AUTHORS.filter((name) => name !== 'Redactie').map((name) => ({ name, beat: EDITOR_BEATS[name] }));

/**
 * The editorial team page `/redactie`: who writes the news, one heading per editor.
 * @param {'nl'|'en'} locale Locale.
 * @returns {object} Page spec.
 */
function editorsPage(locale) {
  const nl = locale === 'nl';
  const brand = BRANDS[locale];
  return {
    title: nl ? 'Redactie' : 'Editorial team',
    slug: 'redactie',
    layout: 'default',
    topic: null,
    seo: {
      metaTitle: nl ? `Redactie | ${brand}` : `Editorial team | ${brand}`,
      metaDescription: nl ? 'De journalisten achter het nieuws over e-commerce, logistiek en fulfilment.' : 'The journalists behind the news on e-commerce, logistics and fulfilment.',
      shareImage: null,
    },
    blocks: [
      richText([
        paragraph(
          nl
            ? `De redactie van ${brand} schrijft onafhankelijk over webwinkels, vervoerders, fulfilment en technologie. Berichten zonder naam zijn van de redactie samen. Tips en reacties: [${EMAIL}](mailto:${EMAIL}).`
            : `The editors of ${brand} write independently about online retail, carriers, fulfilment and technology (in Dutch). Stories without a byline are by the editorial team as a whole. Tips and comments: [${EMAIL}](mailto:${EMAIL}).`
        ),
        ...EDITORS.flatMap((editor) => [heading(editor.name), paragraph(editor.beat[locale])]),
      ]),
      cta(nl ? 'Een nieuwstip?' : 'A news tip?', nl ? 'Wij horen graag van je.' : 'We would love to hear from you.', 'Contact', '/contact'),
    ],
  };
}

/** Texts for the three topic pages, per locale. */
const TOPIC_PAGES = {
  ecommerce: {
    image: 'webshop-scherm',
    nl: {
      title: 'E-commerce',
      intro: 'Alles over webwinkels en marktplaatsen: van checkout en betalen tot retouren, cross-border verkoop en de klantreis.',
    },
    en: {
      title: 'E-commerce',
      intro: 'Everything about online shops and marketplaces: checkout and payments, returns, cross-border sales and the customer journey.',
    },
  },
  logistiek: {
    image: 'bestelbus-straat',
    nl: {
      title: 'Logistiek',
      intro: 'Pakketbezorging, last mile, stadslogistiek en transport: het nieuws over de keten tussen magazijn en voordeur.',
    },
    en: {
      title: 'Logistics',
      intro: 'Parcel delivery, last mile, city logistics and transport: news about the chain between the warehouse and the front door.',
    },
  },
  fulfilment: {
    image: 'magazijn-stellingen',
    nl: {
      title: 'Fulfilment',
      intro: 'Magazijnen, orderverwerking, automatisering en robotisering: ontwikkelingen in fulfilment voor webwinkels.',
    },
    en: {
      title: 'Fulfilment',
      intro: 'Warehouses, order processing, automation and robotics: developments in fulfilment for online retailers.',
    },
  },
};

/**
 * A topic landing page.
 * @param {'ecommerce'|'logistiek'|'fulfilment'} slug Topic (and page) slug.
 * @param {'nl'|'en'} locale Locale.
 * @returns {object} Page spec.
 */
function topicPage(slug, locale) {
  const def = TOPIC_PAGES[slug];
  const t = def[locale];
  const nl = locale === 'nl';
  const brand = BRANDS[locale];
  return {
    title: t.title,
    slug,
    layout: 'default',
    topic: slug,
    seo: { metaTitle: `${t.title} | ${brand}`, metaDescription: t.intro, shareImage: def.image },
    blocks: [
      richText([paragraph(t.intro)]),
      contentList(nl ? `Nieuws over ${t.title.toLowerCase()}` : `${t.title} news`, 'news', 6, slug),
      contentList('Events', 'events', 3, slug),
      contentList(nl ? 'Vacatures' : 'Jobs', 'vacancies', 5, slug),
      cta(
        nl ? 'Mis niets' : 'Stay informed',
        nl ? 'Ontvang elke werkdag het belangrijkste nieuws in je inbox.' : 'Get the most important news in your inbox every working day.',
        nl ? 'Naar de nieuwsbrief' : 'Go to the newsletter',
        '/nieuwsbrief-actie'
      ),
    ],
  };
}

/**
 * The subscription offer as a landing page in the empty layout (no header or footer, `noindex`):
 * the page a campaign links to, served at `/l/{documentId}` (the portal's `l-id` route). The
 * seed creates it before the other pages, so the home page can link to that address.
 * @param {'nl'|'en'} locale Locale.
 * @returns {object} Page spec (slug `abonnement-actie`, layout `empty`).
 */
function buildLandingPage(locale) {
  const nl = locale === 'nl';
  const brand = BRANDS[locale];
  return {
    title: nl ? 'Lees alles met een abonnement' : 'Read everything with a subscription',
    slug: 'abonnement-actie',
    layout: 'empty',
    topic: null,
    seo: {
      metaTitle: nl ? `Lees alles met een abonnement | ${brand}` : `Read everything with a subscription | ${brand}`,
      metaDescription: nl
        ? 'Onbeperkt alle artikelen, elke werkdag de nieuwsbrief en de digitale editie van het magazine. Digitaal: € 7,95 per maand, maandelijks opzegbaar.'
        : 'Every article, the newsletter every working day and the digital magazine. Digital: € 7.95 a month, cancel any month.',
      shareImage: 'webshop-scherm',
    },
    blocks: [
      image('webshop-scherm', nl ? 'Alle artikelen en het magazine, op elk scherm.' : 'Every article and the magazine, on any screen.'),
      richText([
        heading(nl ? 'Alles lezen, wanneer je wilt' : 'Read everything, whenever you like'),
        paragraph(
          nl
            ? 'Met een abonnement lees je onbeperkt alle artikelen, krijg je elke werkdag de nieuwsbrief en lees je de digitale editie van het magazine. Digitaal kost € 7,95 per maand en is maandelijks opzegbaar.'
            : 'With a subscription you read every article, get the newsletter every working day and read the digital edition of the magazine (in Dutch). Digital costs € 7.95 a month and you can cancel any month.'
        ),
        list(
          nl
            ? ['Onbeperkt toegang tot alle artikelen', 'Elke werkdag de nieuwsbrief', 'De digitale editie van het magazine', 'Maandelijks opzegbaar']
            : ['Unlimited access to every article', 'The newsletter every working day', 'The digital edition of the magazine', 'Cancel any month']
        ),
      ]),
      cta(
        nl ? 'Kies je abonnement' : 'Choose your subscription',
        nl ? 'Digitaal, Print + Digitaal, Zakelijk of Student: bestellen duurt twee minuten.' : 'Digital, Print + Digital, Business or Student: ordering takes two minutes.',
        nl ? 'Bekijk de abonnementen' : 'See the subscriptions',
        '/abonnementen'
      ),
    ],
  };
}

/**
 * All pages for one locale, except the landing page ({@link buildLandingPage}).
 * @param {'nl'|'en'} locale Locale.
 * @param {{ landing?: string }} [links] Where the landing page is (`/l/{documentId}`): the home
 *   page links to it (without it, the home page has no such link).
 * @returns {object[]} Page specs (images as keys, topics as slugs).
 */
function buildPages(locale, links = {}) {
  const nl = locale === 'nl';
  const brand = BRANDS[locale];
  return [
    {
      title: 'Home',
      slug: 'home',
      layout: 'default',
      topic: null,
      seo: {
        metaTitle: nl ? `${brand} – vakinformatie over webwinkels, logistiek en fulfilment` : `${brand} – trade news on e-commerce, logistics and fulfilment`,
        metaDescription: nl
          ? 'Dagelijks nieuws, achtergronden, events en vacatures voor professionals in e-commerce, logistiek en fulfilment.'
          : 'Daily news, background stories, events and jobs for professionals in e-commerce, logistics and fulfilment.',
        shareImage: 'pakketten-stapel',
      },
      blocks: [
        richText([
          heading(nl ? 'Het nieuws achter de bestelknop' : 'The news behind the order button'),
          paragraph(
            nl
              ? 'Van webwinkel tot voordeur: wij volgen de ontwikkelingen in e-commerce, logistiek en fulfilment op de voet. Elke werkdag nieuws, analyses en interviews.'
              : 'From online shop to front door: we follow developments in e-commerce, logistics and fulfilment closely. News, analysis and interviews every working day (in Dutch).'
          ),
        ]),
        contentList(nl ? 'Laatste nieuws' : 'Latest news', 'news', 6),
        cta(
          nl ? 'Blijf op de hoogte' : 'Stay up to date',
          nl ? 'Ontvang elke werkdag de belangrijkste berichten in je inbox. Gratis en altijd opzegbaar.' : 'Receive the most important stories in your inbox every working day. Free, unsubscribe at any time.',
          nl ? 'Schrijf je in' : 'Sign up',
          '/nieuwsbrief-actie'
        ),
        ...(links.landing
          ? [
              cta(
                nl ? 'Lees alles' : 'Read everything',
                nl ? 'Onbeperkt alle artikelen en de digitale editie van het magazine, vanaf € 7,95 per maand.' : 'Every article and the digital magazine, from € 7.95 a month.',
                nl ? 'Bekijk het aanbod' : 'See the offer',
                links.landing
              ),
            ]
          : []),
        contentList(nl ? 'Komende events' : 'Upcoming events', 'events', 3),
        contentList(nl ? 'Vacatures' : 'Jobs', 'vacancies', 4),
      ],
    },
    topicPage('ecommerce', locale),
    topicPage('logistiek', locale),
    topicPage('fulfilment', locale),
    {
      title: nl ? 'Adverteren' : 'Advertise',
      slug: 'adverteren',
      layout: 'default',
      topic: null,
      seo: {
        metaTitle: nl ? `Adverteren | ${brand}` : `Advertise | ${brand}`,
        metaDescription: nl
          ? 'Bereik beslissers in e-commerce en logistiek met display, nieuwsbrief, events en branded content.'
          : 'Reach decision makers in e-commerce and logistics with display, newsletter, events and branded content.',
        shareImage: 'congres-zaal',
      },
      blocks: [
        richText([
          heading(nl ? 'Bereik de beslissers in de keten' : 'Reach the decision makers in the chain'),
          paragraph(
            nl
              ? 'Onze lezers werken bij webwinkels, vervoerders, fulfilmentbedrijven en leveranciers van logistieke technologie. Ruim 60 procent heeft een leidinggevende functie.'
              : 'Our readers work at online retailers, carriers, fulfilment companies and logistics technology vendors. More than 60 percent hold a management position.'
          ),
          list(
            nl
              ? ['Display-advertenties op de website', 'Vermelding in de dagelijkse nieuwsbrief', 'Branded content en partnerpagina’s', 'Sponsoring van events en webinars', 'Vacatureplaatsingen']
              : ['Display advertising on the website', 'Placement in the daily newsletter', 'Branded content and partner pages', 'Sponsorship of events and webinars', 'Job postings']
          ),
        ]),
        image('congres-zaal', nl ? 'Het E-commerce Logistiek Congres trekt elk jaar ruim duizend bezoekers.' : 'The E-commerce Logistics Congress attracts over a thousand visitors every year.'),
        gallery(nl ? 'Zo komt jouw boodschap in beeld' : 'How your message is shown', ['webshop-scherm', 'groeigrafiek', 'pakketten-stapel']),
        cta(
          nl ? 'Vraag de mediakit aan' : 'Request the media kit',
          nl ? 'Ontvang tarieven, bereikcijfers en mogelijkheden in één overzicht.' : 'Get rates, reach figures and options in one overview.',
          nl ? 'Neem contact op' : 'Contact us',
          '/contact'
        ),
      ],
    },
    {
      title: 'Contact',
      slug: 'contact',
      layout: 'default',
      topic: null,
      seo: {
        metaTitle: `Contact | ${brand}`,
        metaDescription: nl ? 'Neem contact op met de redactie of met onze afdeling advertenties.' : 'Get in touch with the editorial team or our advertising department.',
        shareImage: null,
      },
      blocks: [
        richText([
          heading(nl ? 'Contact met de redactie' : 'Contact the editorial team'),
          paragraph(
            nl
              ? `Heb je een nieuwstip, een persbericht of een vraag? Mail naar [${EMAIL}](mailto:${EMAIL}) of bel **+31 30 123 45 67** (werkdagen 9.00–17.00 uur).`
              : `Do you have a news tip, a press release or a question? Email [${EMAIL}](mailto:${EMAIL}) or call **+31 30 123 45 67** (working days 9:00–17:00).`
          ),
          heading(nl ? 'Bezoekadres' : 'Visiting address', 3),
          paragraph('Oudegracht 250'),
          paragraph('3511 NW Utrecht'),
        ]),
        cta(
          nl ? 'Adverteren?' : 'Advertising?',
          nl ? 'Bekijk de mogelijkheden om je merk onder de aandacht te brengen.' : 'See the options to put your brand in front of our readers.',
          nl ? 'Naar adverteren' : 'Advertising options',
          '/adverteren'
        ),
      ],
    },
    {
      title: nl ? 'Over ons' : 'About us',
      slug: 'over-ons',
      layout: 'default',
      topic: null,
      seo: {
        metaTitle: nl ? `Over ons | ${brand}` : `About us | ${brand}`,
        metaDescription: nl ? 'Onafhankelijke vakjournalistiek over e-commerce, logistiek en fulfilment.' : 'Independent trade journalism on e-commerce, logistics and fulfilment.',
        shareImage: 'congres-zaal',
      },
      blocks: [
        richText([
          heading(nl ? 'Onafhankelijke vakjournalistiek' : 'Independent trade journalism'),
          paragraph(
            nl
              ? `${brand} is het onafhankelijke vakplatform voor iedereen die werkt tussen de bestelknop en de voordeur. Onze redactie schrijft over webwinkels, vervoerders, fulfilment en technologie.`
              : `${brand} is the independent trade platform for everyone working between the order button and the front door. Our editors cover online retail, carriers, fulfilment and technology.`
          ),
          paragraph(
            nl
              ? 'Naast het dagelijkse nieuws organiseren we events, brengen we zes keer per jaar een magazine uit en publiceren we vacatures in de sector.'
              : 'Besides daily news we organise events, publish a magazine six times a year and list jobs in the sector.'
          ),
          paragraph(nl ? 'Wie het nieuws schrijft, lees je op de pagina [Redactie](/redactie).' : 'Who writes the news: see [Editorial team](/redactie).'),
        ]),
        image('routekaart', nl ? 'Wij volgen de keten van magazijn tot voordeur.' : 'We follow the chain from warehouse to front door.'),
        gallery(nl ? 'Op pad met de redactie' : 'Out and about with the editors', ['sorteerband', 'containerhaven', 'elektrische-truck', 'robotarm']),
        cta(nl ? 'Kom in contact' : 'Get in touch', nl ? 'Wij horen graag van je.' : 'We would love to hear from you.', 'Contact', '/contact'),
      ],
    },
    editorsPage(locale),
    {
      title: nl ? 'Privacyverklaring' : 'Privacy statement',
      slug: 'privacy',
      layout: 'default',
      topic: null,
      seo: {
        metaTitle: nl ? `Privacyverklaring | ${brand}` : `Privacy statement | ${brand}`,
        metaDescription: nl ? 'Hoe wij omgaan met je persoonsgegevens.' : 'How we handle your personal data.',
        shareImage: null,
      },
      blocks: [
        richText(
          nl
            ? [
                heading('Privacyverklaring'),
                paragraph(`${brand} respecteert je privacy. In deze verklaring lees je welke gegevens wij verwerken, waarom en hoe lang.`),
                heading('Welke gegevens verwerken wij?', 3),
                list(['Naam en e-mailadres als je je aanmeldt voor de nieuwsbrief of een account', 'Gegevens die je invult bij het plaatsen van een vacature', 'Statistieken over het gebruik van de website: wat wij tellen en hoe je kunt weigeren, lees je onder Statistieken']),
                heading('Waarom verwerken wij deze gegevens?', 3),
                paragraph('Wij gebruiken je gegevens alleen om je de gevraagde dienst te leveren, zoals het versturen van de nieuwsbrief, en om de website te verbeteren.'),
                heading('Hoe lang bewaren wij gegevens?', 3),
                paragraph('Wij bewaren gegevens niet langer dan nodig. Afmelden voor de nieuwsbrief kan altijd; je gegevens worden dan binnen dertig dagen verwijderd.'),
                heading('Jouw rechten', 3),
                paragraph(`Je hebt recht op inzage, correctie en verwijdering van je gegevens. Stuur daarvoor een e-mail naar [${EMAIL}](mailto:${EMAIL}).`),
                paragraph('Heb je een account? Dan regel je het zelf op [Mijn account](/account): je naam en e-mailadres wijzigen, je gegevens downloaden en je account verwijderen. Bij het verwijderen wissen we je account, inschrijvingen, vacatures, nieuwsbriefaanmelding en pushmeldingen. Bestellingen van abonnementen bewaren we zeven jaar voor onze administratie, zoals de wet voorschrijft, maar zonder je naam, adres, e-mailadres en IBAN.'),
              ]
            : [
                heading('Privacy statement'),
                paragraph(`${brand} respects your privacy. This statement explains which data we process, why and for how long.`),
                heading('Which data do we process?', 3),
                list(['Name and email address when you sign up for the newsletter or an account', 'Details you enter when posting a job', 'Website usage statistics: what we count and how to refuse, see Statistics below']),
                heading('Why do we process this data?', 3),
                paragraph('We only use your data to provide the service you asked for, such as sending the newsletter, and to improve the website.'),
                heading('How long do we keep data?', 3),
                paragraph('We keep data no longer than necessary. You can unsubscribe from the newsletter at any time; your data is then deleted within thirty days.'),
                heading('Your rights', 3),
                paragraph(`You have the right to access, correct and delete your data. Email [${EMAIL}](mailto:${EMAIL}).`),
                paragraph('Do you have an account? Then do it yourself on [My account](/en/account): change your name and e-mail address, download your data and delete your account. Deleting removes your account, registrations, vacancies, newsletter subscription and push notifications. Subscription orders are kept for seven years for our accounts, as the law requires, but without your name, address, e-mail address and IBAN.'),
              ]
        ),
      ],
    },
    {
      title: nl ? 'Nieuwsbrief: twee maanden gratis' : 'Newsletter: two months free',
      slug: 'nieuwsbrief-actie',
      layout: 'empty',
      topic: null,
      seo: {
        metaTitle: nl ? 'Twee maanden gratis de nieuwsbrief en het magazine' : 'Two months of free newsletter and magazine',
        metaDescription: nl ? 'Meld je nu aan en ontvang twee maanden gratis de dagelijkse nieuwsbrief en het digitale magazine.' : 'Sign up now and get the daily newsletter and the digital magazine free for two months.',
        shareImage: 'groeigrafiek',
      },
      blocks: [
        image('groeigrafiek', nl ? 'Altijd als eerste op de hoogte.' : 'Always the first to know.'),
        richText([
          heading(nl ? 'Twee maanden gratis op de hoogte' : 'Two months of free updates'),
          paragraph(
            nl
              ? 'Meld je aan en ontvang twee maanden lang gratis onze dagelijkse nieuwsbrief én de digitale editie van het magazine. Daarna beslis je zelf of je doorgaat.'
              : 'Sign up and receive our daily newsletter and the digital magazine free for two months. After that, you decide whether to continue.'
          ),
          list(nl ? ['Elke werkdag om 7.00 uur in je inbox', 'Exclusieve achtergrondverhalen', 'Geen verplichtingen'] : ['In your inbox at 7:00 every working day', 'Exclusive background stories', 'No obligations']),
        ]),
        cta(nl ? 'Meld je aan' : 'Sign up', nl ? 'Aanmelden kost minder dan een minuut.' : 'Signing up takes less than a minute.', nl ? 'Aanmelden' : 'Sign up', NEWSLETTER_MAILTO),
      ],
    },
  ];
}

/**
 * Site settings for one locale.
 * @param {'nl'|'en'} locale Locale.
 * @returns {object} Site data.
 */
function buildSite(locale) {
  const nl = locale === 'nl';
  const brand = BRANDS[locale];
  return {
    name: brand,
    tagline: nl ? 'Vakinformatie over webwinkels, logistiek en fulfilment' : 'Trade news on online retail, logistics and fulfilment',
    // Every section of the portal is one click away (news and its topics, agenda, vacancies,
    // magazines, subscriptions, partners, advertising, contact).
    navigation: [
      { label: nl ? 'Nieuws' : 'News', url: '/nieuws' },
      { label: 'E-commerce', url: '/ecommerce' },
      { label: nl ? 'Logistiek' : 'Logistics', url: '/logistiek' },
      { label: 'Fulfilment', url: '/fulfilment' },
      { label: nl ? 'Agenda' : 'Events', url: '/events' },
      { label: nl ? 'Vacatures' : 'Jobs', url: '/jobs' },
      { label: 'Magazines', url: '/magazines' },
      { label: nl ? 'Abonnementen' : 'Subscriptions', url: '/abonnementen' },
      { label: 'Partners', url: '/partners' },
      { label: nl ? 'Adverteren' : 'Advertise', url: '/adverteren' },
      { label: 'Contact', url: '/contact' },
    ],
    footerLinks: [
      { label: nl ? 'Over ons' : 'About us', url: '/over-ons' },
      { label: nl ? 'Redactie' : 'Editorial team', url: '/redactie' },
      { label: nl ? 'Nieuwsbrief' : 'Newsletter', url: '/nieuwsbrief' },
      { label: nl ? 'Meldingen' : 'Notifications', url: '/meldingen' },
      { label: 'Tags', url: '/tags-overzicht' },
      { label: nl ? 'Sitemap en archief' : 'Sitemap and archive', url: '/sitemap' },
      // The RSS feed is Dutch news; the English site does not advertise it.
      ...(nl ? [{ label: 'RSS', url: '/rss.xml' }] : []),
      { label: 'Privacy', url: '/privacy' },
      { label: 'Contact', url: '/contact' },
    ],
    contact: {
      email: EMAIL,
      phone: '+31 30 123 45 67',
      street: 'Oudegracht 250',
      postalCode: '3511 NW',
      city: 'Utrecht',
      kvk: '87654321',
    },
    social: [
      { label: 'LinkedIn', url: 'https://www.linkedin.com/' },
      { label: 'Instagram', url: 'https://www.instagram.com/' },
      { label: 'YouTube', url: 'https://www.youtube.com/' },
    ],
  };
}

module.exports = { buildLandingPage, buildPages, buildSite, BRANDS };
