/**
 * The demo editors (the bylines of cms/database/seed/articles.js `AUTHORS`, except the collective
 * "Redactie"): name, role, a short bio and the palette of their portrait (images.js
 * `portraitSvg`). Each gets an author page `/redactie/{slug}` in the portal; their articles are
 * related to them (`authorProfile`).
 */

/** @type {Array<{name: string, role: string, bio: string, palette: string}>} */
const DEMO_AUTHORS = [
  {
    name: 'Marieke Dekker',
    role: 'Hoofdredacteur',
    bio: 'Marieke schrijft al vijftien jaar over logistiek en e-commerce. Ze volgt vooral de grote webwinkels en hun distributiecentra, en leidt de redactie.',
    palette: 'blue',
  },
  {
    name: 'Thijs van Leeuwen',
    role: 'Redacteur logistiek',
    bio: 'Thijs volgt transport, warehousing en de arbeidsmarkt in de logistiek. Hij was eerder planner bij een vervoerder.',
    palette: 'green',
  },
  {
    name: 'Anouk Peeters',
    role: 'Redacteur e-commerce',
    bio: 'Anouk schrijft over webwinkels, marktplaatsen en betalen. Ze woont in Antwerpen en volgt ook de Belgische markt.',
    palette: 'warm',
  },
  {
    name: 'Jeroen Willems',
    role: 'Redacteur fulfilment',
    bio: 'Jeroen bezoekt fulfilmentcentra door heel Europa en schrijft over automatisering, retouren en verpakking.',
    palette: 'steel',
  },
  {
    name: 'Sophie Claessens',
    role: 'Verslaggever',
    bio: 'Sophie doet verslag van beurzen en evenementen en interviewt ondernemers over hun groei.',
    palette: 'teal',
  },
];

module.exports = { DEMO_AUTHORS };
