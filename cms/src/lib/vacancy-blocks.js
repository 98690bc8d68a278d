/**
 * A vacancy's description as plain text (the form's textarea) and as Strapi blocks (the content
 * type's rich text), both ways: paragraphs split on blank lines, single line breaks kept.
 */

/**
 * Plain text as Strapi blocks: paragraphs are separated by blank lines (single line breaks stay
 * inside the paragraph); a paragraph whose lines all start with `-`, `*` or `•` becomes a bulleted
 * list.
 * @param {string} plain
 * @returns {object[]} Strapi blocks
 */
function textToBlocks(plain) {
  return String(plain)
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.split('\n').map((line) => line.trim()).filter(Boolean))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      if (lines.every((line) => /^[-*•]\s+/.test(line))) {
        return {
          type: 'list',
          format: 'unordered',
          children: lines.map((line) => ({
            type: 'list-item',
            children: [{ type: 'text', text: line.replace(/^[-*•]\s+/, '') }],
          })),
        };
      }
      return { type: 'paragraph', children: [{ type: 'text', text: lines.join('\n') }] };
    });
}

/**
 * The text of an inline node and its children (links, formatted text).
 * @param {any} node
 * @returns {string}
 */
function inlineText(node) {
  if (!node || typeof node !== 'object') return '';
  if (typeof node.text === 'string') return node.text;
  return Array.isArray(node.children) ? node.children.map(inlineText).join('') : '';
}

/**
 * Strapi blocks as the plain text the edit form shows (the inverse of {@link textToBlocks}):
 * paragraphs, headings, quotes and code as text, list items as `- item` lines, images left out.
 * Formatting an editor added in the admin panel is lost when the owner saves the text again.
 * @param {unknown} blocks
 * @returns {string}
 */
function blocksToText(blocks) {
  if (!Array.isArray(blocks)) return '';
  return blocks
    .map((block) => {
      if (!block || typeof block !== 'object') return '';
      if (block.type === 'list') {
        const items = Array.isArray(block.children) ? block.children : [];
        return items
          .map((item, index) => `${block.format === 'ordered' ? `${index + 1}.` : '-'} ${inlineText(item)}`)
          .join('\n');
      }
      if (block.type === 'image') return '';
      return inlineText(block);
    })
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .join('\n\n');
}

module.exports = { textToBlocks, blocksToText };
