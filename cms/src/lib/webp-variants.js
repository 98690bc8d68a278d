/**
 * WebP variants of every uploaded image (docs/decisions/069-responsive-images-and-webp.md).
 *
 * Strapi's upload plugin keeps the uploaded format (JPEG, PNG, ...) for the original and for its
 * responsive formats (`thumbnail` 245×156 inside, and the `small`/`medium`/`large` breakpoints).
 * This module adds one WebP file per size, encoded with sharp (the upload plugin's own image
 * library) from the original, and returns them as extra formats named `webp_<format>`
 * (`webp_thumbnail`, `webp_small`, `webp_medium`, `webp_large`) plus `webp_original` at the
 * original's size. Strapi stores them in the file's `formats` JSON like its own formats, so its
 * REST API returns them with `formats`, its provider uploads them and deleting or replacing the
 * file deletes them too.
 *
 * Not converted: files that already are WebP, and formats sharp cannot resize (SVG, AVIF, ...):
 * the upload plugin makes no formats of those either.
 */
const fs = require('node:fs');
const path = require('node:path');
const sharp = require('sharp');

/** Prefix of the WebP formats' keys (`webp_small`, `webp_original`). */
const WEBP_PREFIX = 'webp_';

/** Strapi's thumbnail box (@strapi/upload, services/image-manipulation: THUMBNAIL_RESIZE_OPTIONS). */
const THUMBNAIL = { width: 245, height: 156, fit: 'inside' };

/** Source formats that get WebP variants: what the upload plugin resizes, minus WebP itself. */
const CONVERTIBLE = new Set(['jpeg', 'png', 'tiff', 'gif']);

/** WebP encoder options: lossy, quality 80, effort 4 (sharp's defaults, named on purpose; decision 069). */
const WEBP_OPTIONS = { quality: 80, effort: 4 };

/**
 * The sharp input of an upload: its temporary file, or its stream read into memory.
 * @param {{ filepath?: string, getStream?: () => NodeJS.ReadableStream }} file Upload file data.
 * @returns {Promise<string | Buffer>}
 */
async function sourceOf(file) {
  if (file.filepath) return file.filepath;
  if (!file.getStream) throw new Error('[webp] upload has neither a file path nor a stream');
  const chunks = [];
  for await (const chunk of file.getStream()) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Writes one WebP file and describes it as a Strapi format (the shape of the upload plugin's
 * `resizeFileTo` result: name, hash, ext, mime, width/height in px, size in kB, sizeInBytes).
 * @param {string | Buffer} source sharp input (the original).
 * @param {object} file The original's upload data (`name`, `hash`, `path`, `tmpWorkingDirectory`).
 * @param {string} key Format key, e.g. `webp_small`.
 * @param {import('sharp').ResizeOptions | null} resize Resize options, null for the original size.
 * @returns {Promise<{ key: string, file: object }>}
 */
async function writeVariant(source, file, key, resize) {
  const hash = `${key}_${file.hash}`;
  const filepath = file.tmpWorkingDirectory ? path.join(file.tmpWorkingDirectory, `${hash}.webp`) : `${hash}.webp`;
  let pipeline = sharp(source, { animated: true });
  if (resize) pipeline = pipeline.resize(resize);
  const info = await pipeline.webp(WEBP_OPTIONS).toFile(filepath);
  const baseName = path.parse(file.name ?? '').name || file.hash;
  return {
    key,
    file: {
      name: `${key}_${baseName}.webp`,
      hash,
      ext: '.webp',
      mime: 'image/webp',
      filepath,
      path: file.path || null,
      getStream: () => fs.createReadStream(filepath),
      width: info.width,
      height: info.pageHeight ?? info.height,
      size: Math.round((info.size / 1000) * 100) / 100,
      sizeInBytes: info.size,
    },
  };
}

/**
 * The WebP variants of an uploaded image: one for the original, one for the thumbnail (when
 * Strapi makes one: the original exceeds 245×156) and one per responsive format given.
 * @param {object} file The original's upload data as the upload plugin passes it to
 *   `generateResponsiveFormats` (`filepath` or `getStream`, `name`, `hash`, `width`, `height`).
 * @param {Array<{ key: string, file: { width?: number, height?: number } } | null>} formats The
 *   responsive formats Strapi made (`small`, `medium`, `large`).
 * @returns {Promise<Array<{ key: string, file: object }>>} Extra formats, `webp_<key>` each;
 *   empty for sources that are not JPEG, PNG, TIFF or GIF.
 * @throws when sharp cannot read or write the image.
 */
async function webpVariants(file, formats) {
  const source = await sourceOf(file);
  const { format, width, height } = await sharp(source).metadata();
  if (!format || !CONVERTIBLE.has(format) || !width || !height) return [];
  const jobs = [writeVariant(source, file, `${WEBP_PREFIX}original`, null)];
  if (width > THUMBNAIL.width || height > THUMBNAIL.height) {
    jobs.push(writeVariant(source, file, `${WEBP_PREFIX}thumbnail`, THUMBNAIL));
  }
  for (const format of formats) {
    if (!format?.file?.width) continue;
    // The same box as Strapi's breakpoint (fit inside), so both files have the same size.
    jobs.push(
      writeVariant(source, file, `${WEBP_PREFIX}${format.key}`, {
        width: format.file.width,
        height: format.file.height,
        fit: 'inside',
      }),
    );
  }
  return Promise.all(jobs);
}

module.exports = { webpVariants, WEBP_PREFIX };
