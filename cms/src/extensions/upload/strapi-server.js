/**
 * upload extension: every image upload (the media library, the REST upload, the demo seed) and
 * every file replacement also stores WebP variants of the original and of each format
 * (`webp_original`, `webp_thumbnail`, `webp_small`, ... in the file's `formats`;
 * src/lib/webp-variants.js, docs/decisions/069-responsive-images-and-webp.md).
 *
 * It wraps the image-manipulation service's `generateResponsiveFormats`, which the upload service
 * calls for every resizable image (in `uploadImage` and `replaceImage`) and whose results it
 * uploads through the provider and stores under `formats[key]`. With responsive formats switched
 * off in the media library settings, Strapi makes no `small`/`medium`/`large`; the WebP variants
 * of the original and the thumbnail are still made.
 */
const { webpVariants } = require('../../lib/webp-variants');

/**
 * @param {{ services: Record<string, any> }} plugin The upload plugin definition.
 * @returns {object} The plugin with the extended image-manipulation service.
 */
module.exports = (plugin) => {
  const original = plugin.services['image-manipulation'];
  plugin.services['image-manipulation'] = {
    ...original,
    /**
     * Strapi's responsive formats plus their WebP variants.
     * @param {object} file Upload file data.
     * @returns {Promise<Array<{ key: string, file: object } | null>>}
     */
    async generateResponsiveFormats(file) {
      const formats = (await original.generateResponsiveFormats(file)) ?? [];
      return [...formats, ...(await webpVariants(file, formats))];
    },
  };
  return plugin;
};
