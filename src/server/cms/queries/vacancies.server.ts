/**
 * CMS filter of open vacancies, the one rule for the job pages, home, topic pages, content lists
 * and the sitemaps (issue 3). A vacancy is open while it is approved by the
 * editors and its `validThrough` has not passed (or it has none); the CMS itself only serves
 * published, approved vacancies to the public role (cms/src/api/vacancy/controllers), the
 * approval filter here keeps the rule visible and holds for a token with wider rights too.
 */

/** Strapi filter: approved vacancies still open at `nowIso` (ISO 8601). */
export function openVacancyFilter(nowIso: string): object {
  return {
    $and: [
      { reviewStatus: { $eq: 'approved' } },
      { $or: [{ validThrough: { $gte: nowIso } }, { validThrough: { $null: true } }] },
    ],
  };
}

/** True when a vacancy with this `validThrough` has expired at `nowMs` (ms since the epoch). */
export function isExpired(validThrough: string | null | undefined, nowMs: number): boolean {
  if (!validThrough) return false;
  const end = Date.parse(validThrough);
  return !Number.isNaN(end) && end < nowMs;
}
