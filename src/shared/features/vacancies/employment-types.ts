/**
 * The schema.org JobPosting `employmentType` values the CMS allows (docs/content-model.md), in
 * the order the vacancy filter lists them.
 */
import type { EmploymentType } from '../../cms-types.ts';

export const EMPLOYMENT_TYPES: readonly EmploymentType[] = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
];

/** True when `value` is one of {@link EMPLOYMENT_TYPES}. */
export function isEmploymentType(value: unknown): value is EmploymentType {
  return typeof value === 'string' && (EMPLOYMENT_TYPES as readonly string[]).includes(value);
}
