/**
 * The registration form of `/inschrijvingen`, defined once for the page (browser
 * validation) and its action (`validateForm`). The number of attendees is bounded by the places an
 * event has left (`between:1,{remaining}`), so the definition is built per bound and cached; the CMS
 * makes the authoritative, atomic capacity check when the registration is stored
 * (cms/src/api/event-registration/services/event-registration.js).
 */
import { defineForm, type FormDefinition } from '../../forms/define-form.ts';

/** Most attendees one registration may bring (the CMS enforces the same limit). */
export const MAX_ATTENDEES = 1000;

const fields = (maxAttendees: number) =>
  ({
    event: { type: 'select', label: 'registrations.fields.event', validation: 'required' },
    name: {
      label: 'registrations.fields.name',
      validation: 'required|length:2,100',
      autoComplete: 'name',
    },
    email: {
      type: 'email',
      label: 'registrations.fields.email',
      validation: 'required|email|length:3,254',
      autoComplete: 'email',
    },
    organisation: {
      label: 'registrations.fields.organisation',
      validation: 'required|length:2,120',
      autoComplete: 'organization',
    },
    attendees: {
      type: 'number',
      label: 'registrations.fields.attendees',
      help: 'registrations.fields.attendeesHelp',
      validation: `required|number|matches:/^[0-9]+$/|between:1,${maxAttendees}`,
    },
    consent: {
      type: 'checkbox',
      label: 'registrations.fields.consent',
      validationLabel: 'registrations.fields.consentName',
      validation: 'accepted',
    },
  }) as const;

/** The form's definition type. */
export type RegistrationForm = FormDefinition<ReturnType<typeof fields>>;

const cache = new Map<number, RegistrationForm>();

/**
 * The registration form with the attendees bounded to `1…maxAttendees`.
 * @param maxAttendees places left (clamped to 1…{@link MAX_ATTENDEES})
 */
export function registrationForm(maxAttendees: number): RegistrationForm {
  const bound = Math.min(MAX_ATTENDEES, Math.max(1, Math.floor(maxAttendees)));
  let form = cache.get(bound);
  if (!form) {
    form = defineForm({ fields: fields(bound) });
    cache.set(bound, form);
  }
  return form;
}

/** An event open for registration, as the page and action see it (public event data only). */
export interface OpenEvent {
  documentId: string;
  title: string;
  slug: string;
  startsAt: string;
  endsAt: string | null;
  timeZone: string | null;
  venue: string | null;
  city: string | null;
  capacity: number | null;
  /** Places left; null when the event has no capacity limit. */
  remaining: number | null;
}

/** True when an event has no places left. */
export function isFull(event: Pick<OpenEvent, 'remaining'>): boolean {
  return event.remaining !== null && event.remaining <= 0;
}

/**
 * The upper bound of the attendees rule: the selected event's places left, or — while no event is
 * chosen — the most places any bookable event has left.
 */
export function attendeeBound(events: readonly OpenEvent[], selected: OpenEvent | undefined): number {
  const places = (event: OpenEvent) => event.remaining ?? MAX_ATTENDEES;
  if (selected && !isFull(selected)) return places(selected);
  const bookable = events.filter((event) => !isFull(event));
  return bookable.length ? Math.max(...bookable.map(places)) : 1;
}

export { registrationPath } from '../../urls.ts';
