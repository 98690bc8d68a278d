/** `/wachtwoord-vergeten` (issue 4): the forgotten-password page (no data of its own). */
import { accountPage } from '../../../server/auth/account-pages.server.ts';

export async function forgotPasswordLoader() {
  return accountPage({});
}
