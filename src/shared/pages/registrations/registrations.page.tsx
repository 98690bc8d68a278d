/**
 * `/inschrijvingen` (docs/product.md#routes-and-layouts "registrations"): registration for an event. The visitor
 * chooses one of the upcoming events with open registration (preselected by `?evenement={slug}`),
 * gives name, e-mail address, organisation and the number of attendees (at most the places left)
 * and consents; the CMS stores it and e-mails a confirmation. A signed-in visitor's name and address
 * are filled in and the registration is linked to the account. Beside the form: the events open
 * for registration with their places. Works without JavaScript (a plain POST to the page); the
 * form carries its idempotency key, so the same post sent twice registers once. When the CMS is
 * out, a post shows the form again with what was typed and says whether it was stored.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionData, useLoaderData } from 'react-router';
import { eventTimeZone } from '../../features/events/event-time.ts';
import { useEventPeriod } from '../../features/events/use-event-period.ts';
import {
  attendeeBound,
  isFull,
  type OpenEvent,
  registrationForm,
  registrationPath,
} from '../../features/registrations/registration-form.ts';
import { Checkbox, Select, TextField } from '../../forms/fields.tsx';
import { IdempotencyKeyField } from '../../forms/idempotency-key-field.tsx';
import { PortalForm } from '../../forms/portal-form.tsx';
import type { FormActionData } from '../../forms/validate-form.ts';
import { type Locale, localizePath } from '../../i18n/locale.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { formatDate } from '../../ui/format.ts';
import { type PublicUser, useLocale, useRootData } from '../../ui/root-data.ts';
import { Seo } from '../../ui/seo.tsx';
import { BreadcrumbJsonLd } from '../../ui/structured-data.tsx';
import { EVENTS_PATH, eventPath } from '../../urls.ts';
import '../../forms/submission.css';
import './registrations.css';

/** Loader data of `/inschrijvingen`. */
export interface RegistrationsData {
  /** Upcoming events with open registration, soonest first (full ones included). */
  events: OpenEvent[];
  /** Slug of the event chosen by `?evenement=` (only when it has places left). */
  preselected: string | null;
  /** `?evenement=` named a full event, or one that is not open for registration. */
  notice: { kind: 'full' | 'closed'; title: string | null } | null;
  /** After a registration (`?verzonden=1`): the event and whether the confirmation e-mail went out. */
  done: { title: string | null; slug: string | null; confirmationSent: boolean } | null;
  /** The CMS could not say which events are open (`events` is empty then; status 503). */
  unavailable: boolean;
  /** The form's idempotency key (src/shared/forms/idempotency-key.ts); null when no form shows. */
  idempotencyKey: string | null;
}

/** Action data of a refused registration: values, messages and a form-level problem. */
export interface RegistrationActionData extends FormActionData {
  /**
   * `unavailable`: not stored, the CMS could not be reached; `unconfirmed`: perhaps stored, the CMS
   * did not confirm in time (sending it again is safe); `resubmit`: the form's key could not be
   * used, nothing was stored (a new key comes back); `failed`: the CMS refused for another reason.
   */
  error?: 'unavailable' | 'unconfirmed' | 'resubmit' | 'failed';
  /** With `error`: the events the action saw, for a page whose loader could not reach the CMS. */
  events?: OpenEvent[];
}

/** The choice of an event in the select: title, date, city and places left. */
function optionLabel(event: OpenEvent, locale: Locale, placesLeft: (count: number) => string): string {
  const date = formatDate(event.startsAt, locale, 'short', eventTimeZone(event));
  const where = event.city ? `, ${event.city}` : '';
  const places = event.remaining === null ? '' : ` (${placesLeft(event.remaining)})`;
  return `${event.title} – ${date}${where}${places}`;
}

/**
 * The select's options: the bookable events, and the posted event by its slug when the CMS could
 * not say which events are open (so an outage never loses the choice).
 */
function eventOptions(
  bookable: readonly OpenEvent[],
  unknown: string | null,
  label: (event: OpenEvent) => string,
): Array<{ value: string; label: string }> {
  const options = bookable.map((event) => ({ value: event.slug, label: label(event) }));
  if (unknown && !bookable.some((event) => event.slug === unknown))
    options.push({ value: unknown, label: unknown });
  return options;
}

/** The values the form starts with: the preselected event and a signed-in visitor's name and address. */
function prefill(preselected: string | null, username = '', email = ''): Record<string, string> {
  return { event: preselected ?? '', name: username !== email ? username : '', email };
}

/** One event in the list beside the form. */
function OpenEventItem({ event, current }: { event: OpenEvent; current: boolean }) {
  const { t } = useTranslation();
  const period = useEventPeriod(event);
  const full = isFull(event);
  const place = [event.venue, event.city].filter(Boolean).join(', ');
  return (
    <li className={current ? 'open-events__item open-events__item--current' : 'open-events__item'}>
      <h3 className="open-events__title">
        <AppLink to={eventPath(event)}>{event.title}</AppLink>
      </h3>
      <p className="open-events__meta">
        <time dateTime={event.startsAt}>{period}</time>
      </p>
      {place ? <p className="open-events__meta">{place}</p> : null}
      <p className="open-events__places">
        {full ? (
          <span className="open-events__badge open-events__badge--full">{t('registrations.asideFull')}</span>
        ) : (
          <>
            {event.remaining !== null ? (
              <span className="open-events__badge">
                {t('registrations.placesLeft', { count: event.remaining })}
              </span>
            ) : null}
            {current ? null : (
              <AppLink to={registrationPath(event.slug)} className="open-events__choose">
                {t('registrations.submit')}
                <span className="visually-hidden">: {event.title}</span>
              </AppLink>
            )}
          </>
        )}
      </p>
    </li>
  );
}

/** The confirmation after a registration. */
function RegistrationDone({
  done,
  user,
}: {
  done: NonNullable<RegistrationsData['done']>;
  user: PublicUser | null;
}) {
  const { t } = useTranslation();
  const title = done.title ?? t('registrations.done.thisEvent');
  return (
    <section
      className="submission-done"
      role="status"
      aria-labelledby="registration-done"
      data-submission-done="registration"
    >
      <h2 id="registration-done">{t('registrations.done.title')}</h2>
      <p>
        {done.confirmationSent
          ? t('registrations.done.text', { title })
          : t('registrations.done.textNoMail', { title })}
      </p>
      <p className="submission-done__actions">
        {done.slug ? (
          <AppLink to={eventPath({ slug: done.slug })} className="button button--secondary">
            {t('registrations.done.event')}
          </AppLink>
        ) : null}
        {user ? (
          <AppLink to="/account" className="button">
            {t('registrations.done.account')}
          </AppLink>
        ) : null}
        <AppLink to={registrationPath()} className="button">
          {t('registrations.done.another')}
        </AppLink>
      </p>
    </section>
  );
}

export function RegistrationsPage() {
  const data = useLoaderData() as RegistrationsData;
  const action = useActionData() as RegistrationActionData | undefined;
  const { t } = useTranslation();
  const locale = useLocale();
  const root = useRootData();
  const user = root?.user ?? null;
  // When the loader could not reach the CMS after a post, the events the action saw keep the form.
  const events = data.unavailable && action?.events?.length ? action.events : data.events;
  const bookable = events.filter((event) => !isFull(event));
  const chosen = typeof action?.values.event === 'string' ? action.values.event : data.preselected;
  const selected = bookable.find((event) => event.slug === chosen);
  const bound = attendeeBound(events, selected);
  const form = registrationForm(bound);
  const placesLeft = (count: number) => t('registrations.placesLeft', { count });
  const path = data.preselected ? registrationPath(data.preselected) : registrationPath();
  // One object per input: <PortalForm> starts again whenever `serverValues` is a new object.
  const initial = useMemo(
    () => prefill(data.preselected, user?.username, user?.email),
    [data.preselected, user?.username, user?.email],
  );
  return (
    <div className="container registrations">
      <Seo
        title={t('registrations.title')}
        description={t('registrations.description', { site: root?.site?.name ?? '' })}
        path={registrationPath()}
        noindex={data.done !== null}
      />
      <BreadcrumbJsonLd crumbs={[{ name: t('registrations.title'), path: registrationPath() }]} />
      <header className="page-header">
        <h1>{t('registrations.title')}</h1>
        <p>{t('registrations.intro')}</p>
      </header>
      <div className="registrations__layout">
        <div className="registrations__main">
          {data.done ? (
            <RegistrationDone done={data.done} user={user} />
          ) : bookable.length === 0 && !(action && data.unavailable) ? (
            <div className="empty-state">
              {data.unavailable ? (
                <p className="submission-alert submission-alert--error" role="alert" data-form-error="events">
                  {t('registrations.eventsUnavailable')}
                </p>
              ) : (
                <p>{t('registrations.noEvents')}</p>
              )}
              <AppLink to={EVENTS_PATH} className="button">
                {t('registrations.toAgenda')}
              </AppLink>
            </div>
          ) : (
            <section className="submission-panel" aria-labelledby="registration-form-title">
              <h2 id="registration-form-title">{t('registrations.formTitle')}</h2>
              {data.notice ? (
                <p className="submission-alert submission-alert--warning" role="status">
                  {data.notice.kind === 'full' && data.notice.title
                    ? t('registrations.fullNotice', { title: data.notice.title })
                    : t('registrations.closedNotice')}
                </p>
              ) : null}
              {action?.error ? (
                <p
                  className="submission-alert submission-alert--error"
                  role="alert"
                  data-form-error={action.error}
                >
                  {t(`registrations.errors.${action.error}`)}
                </p>
              ) : null}
              {user ? (
                <p className="submission-panel__note">{t('registrations.signedIn', { email: user.email })}</p>
              ) : (
                <p className="submission-panel__note">
                  {t('registrations.signInPrompt')}{' '}
                  <AppLink to={`/inloggen?redirect=${encodeURIComponent(localizePath(path, locale))}`}>
                    {t('registrations.signIn')}
                  </AppLink>
                </p>
              )}
              <PortalForm
                key={`${data.preselected ?? ''}:${bound}`}
                form={form}
                id="registration-form"
                serverErrors={action?.errors}
                serverValues={action?.values ?? initial}
                submitLabel="registrations.submit"
              >
                <IdempotencyKeyField value={action?.idempotencyKey ?? data.idempotencyKey} />
                <Select
                  name="event"
                  placeholder="registrations.fields.chooseEvent"
                  options={eventOptions(bookable, data.unavailable ? chosen : null, (event) =>
                    optionLabel(event, locale, placesLeft),
                  )}
                />
                <TextField name="name" />
                <TextField name="email" />
                <TextField name="organisation" />
                <TextField
                  name="attendees"
                  className="form-field--narrow"
                  help={
                    selected?.remaining != null
                      ? t('registrations.fields.attendeesHelpRemaining', { count: selected.remaining })
                      : undefined
                  }
                />
                <Checkbox name="consent" />
                <p className="submission-panel__privacy">
                  <AppLink to="/privacy">{t('registrations.privacy')}</AppLink>
                </p>
              </PortalForm>
            </section>
          )}
        </div>
        {events.length ? (
          <aside className="open-events" aria-labelledby="open-events-title">
            <h2 id="open-events-title" className="section-title">
              {t('registrations.asideTitle')}
            </h2>
            <ul className="open-events__list">
              {events.map((event) => (
                <OpenEventItem key={event.documentId} event={event} current={event.slug === selected?.slug} />
              ))}
            </ul>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
