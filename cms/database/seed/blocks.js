/**
 * Builders for Strapi "blocks" rich-text JSON (paragraphs, headings, lists, quotes, links),
 * used by the seed to write article bodies and page content.
 */

/**
 * Parse a small inline markup into text/link nodes: `**bold**` and `[label](url)`.
 * @param {string} text Inline text.
 * @returns {object[]} Inline child nodes.
 */
function inline(text) {
  const nodes = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)]+)\)/g;
  let last = 0;
  let match = pattern.exec(text);
  while (match) {
    if (match.index > last) {
      nodes.push({ type: 'text', text: text.slice(last, match.index) });
    }
    if (match[1]) {
      nodes.push({ type: 'text', text: match[1], bold: true });
    } else {
      nodes.push({ type: 'link', url: match[3], children: [{ type: 'text', text: match[2] }] });
    }
    last = pattern.lastIndex;
    match = pattern.exec(text);
  }
  if (last < text.length || nodes.length === 0) {
    nodes.push({ type: 'text', text: text.slice(last) });
  }
  return nodes;
}

/**
 * @param {string} text Paragraph text (inline markup allowed).
 * @returns {object} Paragraph block.
 */
const paragraph = (text) => ({ type: 'paragraph', children: inline(text) });

/**
 * @param {string} text Heading text.
 * @param {number} [level=2] Heading level 1-6.
 * @returns {object} Heading block.
 */
const heading = (text, level = 2) => ({ type: 'heading', level, children: [{ type: 'text', text }] });

/**
 * @param {string[]} items List item texts (inline markup allowed).
 * @param {'unordered'|'ordered'} [format='unordered'] List style.
 * @returns {object} List block.
 */
const list = (items, format = 'unordered') => ({
  type: 'list',
  format,
  children: items.map((item) => ({ type: 'list-item', children: inline(item) })),
});

/**
 * @param {string} text Quote text.
 * @returns {object} Quote block.
 */
const quote = (text) => ({ type: 'quote', children: inline(text) });

/**
 * Convenience: turn an array of strings into paragraphs.
 * @param {string[]} texts Paragraph texts.
 * @returns {object[]} Paragraph blocks.
 */
const paragraphs = (texts) => texts.map(paragraph);

module.exports = { inline, paragraph, heading, list, quote, paragraphs };
