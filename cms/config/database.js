/**
 * Database configuration.
 *
 * SQLite (better-sqlite3) is the default: the file comes from DATABASE_FILENAME
 * (default `.tmp/data.db`, resolved relative to the cms/ folder; absolute paths are kept).
 * Set DATABASE_CLIENT=postgres to use PostgreSQL, either through DATABASE_URL or through
 * DATABASE_HOST / DATABASE_PORT / DATABASE_NAME / DATABASE_USERNAME / DATABASE_PASSWORD.
 */
const path = require('node:path');

module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite') === 'postgres' ? 'postgres' : 'sqlite';

  if (client === 'postgres') {
    const ssl = env.bool('DATABASE_SSL', false)
      ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
      : false;
    const connectionString = env('DATABASE_URL', '');
    return {
      connection: {
        client: 'postgres',
        connection: connectionString
          ? { connectionString, ssl, schema: env('DATABASE_SCHEMA', 'public') }
          : {
              host: env('DATABASE_HOST', '127.0.0.1'),
              port: env.int('DATABASE_PORT', 5432),
              database: env('DATABASE_NAME', 'strapi'),
              user: env('DATABASE_USERNAME', 'strapi'),
              password: env('DATABASE_PASSWORD', ''),
              ssl,
              schema: env('DATABASE_SCHEMA', 'public'),
            },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }

  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: path.resolve(__dirname, '..', env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
    },
  };
};
