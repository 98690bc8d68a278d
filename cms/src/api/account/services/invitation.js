/**
 * Core service for account invitations (api::account.invitation); the account controller uses
 * the database layer directly, the core service exists for the admin panel's content manager.
 */
const { factories } = require('@strapi/strapi');

module.exports = factories.createCoreService('api::account.invitation');
