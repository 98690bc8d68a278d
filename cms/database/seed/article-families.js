/**
 * Story families for the demo news articles (Dutch trade news about e-commerce, logistics and
 * fulfilment). Each family has several "angles"; an angle keeps title, summary, intro and its
 * own paragraphs consistent, while the family-level body, headings, quotes and lists are generic
 * enough for every angle. Texts contain `{slot}` placeholders filled by articles.js.
 * All companies, people and organisations are fictional.
 */

/**
 * @typedef {object} Angle
 * @property {string[]} titles Title templates.
 * @property {string[]} summaries Summary templates.
 * @property {string[]} intros Opening paragraph templates.
 * @property {string[]} paragraphs Angle-specific paragraphs (all are used, in random order).
 * @property {string[]} [list] Angle-specific list items.
 */

/**
 * @typedef {object} Family
 * @property {string} key Identifier.
 * @property {'ecommerce'|'logistiek'|'fulfilment'} topic Topic slug.
 * @property {string} actor Slot naming the main company of the story.
 * @property {string[]} [vendors] Vendor names that fit this family.
 * @property {number[]} [months] Calendar months (1-12) in which the family may be published.
 * @property {string[]} tags Candidate tag names.
 * @property {string[]} images Candidate cover image keys.
 * @property {Angle[]} angles Story angles.
 * @property {string[]} body Generic paragraphs.
 * @property {string[]} headings Generic subheadings.
 * @property {string[]} quotes Quote templates (without quotation marks).
 * @property {string[][]} lists Generic list item sets.
 */

/** @type {Family[]} The families, as data (data/article-families.json). */
const FAMILIES = require('./data/article-families.json');

module.exports = { FAMILIES };
