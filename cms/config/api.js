/**
 * REST API defaults: page size, maximum page size and counts in pagination meta.
 */
module.exports = {
  rest: {
    defaultLimit: 25,
    maxLimit: 100,
    withCount: true,
  },
};
