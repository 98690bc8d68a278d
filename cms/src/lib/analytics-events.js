/**
 * The analytics event kinds the CMS stores: the same list, in the same spelling, as the portal's
 * src/shared/analytics/events.ts (cms/tests/analytics-events-parity.test.ts keeps them equal).
 */
const EVENT_TYPES = [
  'Pageview',
  'Marketing',
  'Lead',
  'Install',
  'SessionStart',
  'SessionStop',
  'SessionPause',
  'SessionResume',
  'UserSignUp',
  'UserSignIn',
  'UserSignOut',
  'AuthFail',
  'ForgotPassword',
  'UpdatePassword',
  'EmailLink',
];

module.exports = { EVENT_TYPES };
