/**
 * Core service of idempotency records (api::idempotency-record.idempotency-record). The records are
 * written and read by src/lib/idempotency.js through the database layer; there is no route, so the
 * content API can neither list nor read them.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::idempotency-record.idempotency-record');
