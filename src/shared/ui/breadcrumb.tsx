/**
 * The visible breadcrumb of a detail page and its `BreadcrumbList` JSON-LD, made from one trail
 * (`useBreadcrumbTrail`): Home, the sections, the page itself, so what a visitor sees and what
 * search engines read name the same steps in the same order with the same URLs
 * (docs/decisions/099-untranslated-content-says-so.md covers this and the other reader features;
 * the pattern is WAI-ARIA APG's breadcrumb: a labelled `nav`, an ordered list, the current page
 * marked `aria-current="page"`).
 */
import { useTranslation } from 'react-i18next';
import { AppLink } from './app-link.tsx';
import { BreadcrumbListJsonLd, type Crumb, useBreadcrumbTrail } from './structured-data.tsx';

/** Renders the trail `Home › crumbs…` as a navigation landmark and as JSON-LD. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  const trail = useBreadcrumbTrail(crumbs);
  return (
    <>
      <BreadcrumbListJsonLd trail={trail} />
      <nav className="breadcrumb" aria-label={t('breadcrumb.label')}>
        <ol>
          {trail.map((step, index) => (
            <li key={step.url} lang={step.lang}>
              <AppLink to={step.path} aria-current={index === trail.length - 1 ? 'page' : undefined}>
                {step.name}
              </AppLink>
            </li>
          ))}
        </ol>
      </nav>
    </>
  );
}
