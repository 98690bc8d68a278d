/**
 * Unprefixed site paths of the vacancies account holders place and manage (spec section 2:
 * `/jobs/plaatsen`, `/jobs/mijn`, `/jobs/mijn/{id}`; `{id}` is the vacancy's documentId, decision
 * 005) and the query values the pages read after a post (Post/Redirect/Get). `AppLink` and
 * `localizePath` add the `/en` prefix.
 */

/** Placing a vacancy. */
export const PLACE_VACANCY_PATH = '/jobs/plaatsen';
/** The account holder's own vacancies. */
export const MY_VACANCIES_PATH = '/jobs/mijn';

/** `/jobs/mijn/{documentId}`: one of the account holder's vacancies (edit and withdraw). */
export const myVacancyPath = (documentId: string): string => `${MY_VACANCIES_PATH}/${documentId}`;

/** Query parameters of the pages. */
export const MY_VACANCY_QUERY = {
  /** `/jobs/plaatsen?verzonden=1&vacature={id}`: the vacancy was placed. */
  placed: 'verzonden',
  /** The placed vacancy's documentId. */
  vacancy: 'vacature',
  /** `&mail=0`: the confirmation e-mail could not be sent. */
  mail: 'mail',
  /** `/jobs/mijn/{id}?opgeslagen=1`: the changes were saved. */
  saved: 'opgeslagen',
  /** `/jobs/mijn/{id}?intrekken=1`: the confirmation step of withdrawing. */
  withdraw: 'intrekken',
  /** `/jobs/mijn/{id}?ingetrokken=1`: the vacancy was withdrawn. */
  withdrawn: 'ingetrokken',
} as const;

/** `path?name=1`, or `path?name=1&…` for several flags. */
export function withFlag(path: string, ...names: string[]): string {
  return `${path}?${names.map((name) => `${name}=1`).join('&')}`;
}
