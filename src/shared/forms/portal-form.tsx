/**
 * `<PortalForm>`: a react-final-form form around a real `<form method="post" noValidate>`, so a
 * form works without JavaScript (the page's route action validates it with `validateForm`) and,
 * with JavaScript, validates as the user types (docs/product.md#states):
 *
 * - a submit is refused while a blocking rule fails: every message shows, the summary
 *   ("Er zijn fouten in je formulier gevonden.") lists them in an aria-live region and takes focus,
 *   and "Formulier onvolledig. Sorry, niet alle velden zijn correct ingevuld." ("Form incomplete.",
 *   docs/product.md#states) shows by the button;
 * - a valid form is posted with React Router's `useSubmit` to the route action (the same URL and
 *   body as without JavaScript), or handed to `onSubmit`; the fieldset is disabled meanwhile;
 * - after a rejected submit the page passes the action data (`formFailure`) as `serverErrors` and
 *   `serverValues`: fields show the server's messages and keep their values (passwords come back
 *   empty), identically in the server render and after hydration; with JavaScript the
 *   form starts again from that answer (nothing touched, no submit attempted), so an emptied field
 *   shows no "is verplicht" the server did not say;
 * - focus is not lost to the disabled fieldset: when a submit with JavaScript ends without leaving
 *   the page and focus fell to the body, the control that had it when the form was submitted (or
 *   the submit button) gets it back; the server's messages are announced by the summary's and the
 *   page's live regions.
 *
 * Fields (`TextField`, `Select`, …) take their rules, label and options from the form definition.
 */
import './forms.css';
import type { FormApi } from 'final-form';
import {
  createContext,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Form, useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useFormAction, useSubmit } from 'react-router';
import { useLocale } from '../ui/root-data.ts';
import { coerceValues, type FieldMap, type FormDefinition, type FormValues } from './define-form.ts';
import { type Displayed, displayedMessages } from './display.ts';
import { LiveValidation } from './live-validation.ts';
import { FALLBACK_INCOMPLETE, type MessageContext, translate } from './messages.ts';
import { typedValuesOf, watchTypedFields } from './typed-before-hydration.ts';
import type { FieldErrors } from './validate-form.ts';

/** What the fields of a `<PortalForm>` share. */
export interface PortalFormContextValue {
  form: FormDefinition<FieldMap>;
  store: LiveValidation;
  /** Id of the `<form>` element; field ids are `${formId}-${name}`. */
  formId: string;
  serverErrors: FieldErrors;
  messages: MessageContext;
}

const PortalFormContext = createContext<PortalFormContextValue | null>(null);

/**
 * The enclosing form's context.
 * @throws Error outside a `<PortalForm>`
 */
export function usePortalForm(): PortalFormContextValue {
  const context = useContext(PortalFormContext);
  if (!context) throw new Error('Form fields must be placed inside a <PortalForm>');
  return context;
}

/** The id of field `name`'s control. */
export function fieldId(formId: string, name: string): string {
  return `${formId}-${name}`;
}

/** Extra arguments of a custom `onSubmit`. */
export interface SubmitContext {
  /** The form's fields as a POST body (what the browser would send without JavaScript). */
  formData: FormData;
  api: FormApi;
}

/** Props of `<PortalForm>`. */
export interface PortalFormProps<F extends FieldMap> {
  form: FormDefinition<F>;
  /** Messages per field from the route action (`actionData.errors`). */
  serverErrors?: FieldErrors | null;
  /** Submitted values from the route action (`actionData.values`, without secrets). */
  serverValues?: Readonly<Record<string, unknown>> | null;
  /** Handles a valid submit instead of posting to the route action. */
  onSubmit?: (values: FormValues<F>, context: SubmitContext) => void | Promise<void>;
  /** Where the form posts (default: the current route, as React Router's `<Form>`). */
  action?: string;
  /** Text or translation key of the submit button (default "Versturen" / "Submit"). */
  submitLabel?: string;
  /** `danger`: the button does something that cannot be undone (deleting an account). */
  submitTone?: 'danger';
  id?: string;
  className?: string;
  children: ReactNode;
}

const NO_ERRORS: FieldErrors = {};

/** FormData of `form` including the button that submitted it. */
function formDataOf(form: HTMLFormElement, submitter: HTMLElement | null): FormData {
  try {
    return submitter ? new FormData(form, submitter) : new FormData(form);
  } catch {
    return new FormData(form);
  }
}

// In the browser: from now on, what a visitor types into a server-rendered form before it
// hydrates is recorded (this module loads before hydration on a page with a form).
if (typeof document !== 'undefined') watchTypedFields(document);

/** A form of the portal; see the module comment. */
export function PortalForm<F extends FieldMap>(props: PortalFormProps<F>) {
  const { form, onSubmit, action } = props;
  const locale = useLocale();
  const { i18n } = useTranslation();
  const generatedId = useId();
  const formId = props.id ?? `form-${generatedId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const messages = useMemo<MessageContext>(() => ({ i18n, locale }), [i18n, locale]);
  const [store] = useState(() => new LiveValidation(form as FormDefinition<FieldMap>, messages));
  useEffect(() => () => store.dispose(), [store]);
  const [initialValues] = useState(() => coerceValues(form, props.serverValues ?? {}));
  const formAction = useFormAction();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const submitterRef = useRef<HTMLElement | null>(null);
  const target = action ?? formAction;

  const handleSubmit = useCallback(
    async (values: Record<string, unknown>, api: FormApi) => {
      const element = formRef.current;
      const formData = element ? formDataOf(element, submitterRef.current) : new FormData();
      if (onSubmit) {
        await onSubmit(coerceValues(form, values), { formData, api });
        return;
      }
      await submit(formData, { method: 'post', action: target });
    },
    [form, onSubmit, submit, target],
  );

  const context = useMemo<PortalFormContextValue>(
    () => ({
      form: form as FormDefinition<FieldMap>,
      store,
      formId,
      serverErrors: props.serverErrors ?? NO_ERRORS,
      messages,
    }),
    [form, store, formId, props.serverErrors, messages],
  );

  return (
    <PortalFormContext.Provider value={context}>
      <Form<Record<string, unknown>>
        onSubmit={handleSubmit}
        initialValues={initialValues}
        subscription={{}}
        render={({ form: api }) => (
          <PortalFormBody
            api={api}
            formRef={formRef}
            submitterRef={submitterRef}
            action={target}
            serverValues={props.serverValues}
            submitLabel={props.submitLabel}
            submitTone={props.submitTone}
            className={props.className}
          >
            {props.children}
          </PortalFormBody>
        )}
      />
    </PortalFormContext.Provider>
  );
}

interface BodyProps {
  api: FormApi<Record<string, unknown>>;
  formRef: RefObject<HTMLFormElement | null>;
  submitterRef: RefObject<HTMLElement | null>;
  action: string;
  serverValues: Readonly<Record<string, unknown>> | null | undefined;
  submitLabel: string | undefined;
  submitTone: 'danger' | undefined;
  className: string | undefined;
  children: ReactNode;
}

/** The `<form>` element, summary, fieldset and button. */
function PortalFormBody({
  api,
  formRef,
  submitterRef,
  action,
  serverValues,
  submitLabel,
  submitTone,
  className,
  children,
}: BodyProps) {
  const { form, formId, serverErrors, messages } = usePortalForm();
  const { t } = useTranslation();
  const { submitting } = useFormState({ subscription: { submitting: true } });
  const [blockedSubmits, setBlockedSubmits] = useState(0);
  const focusedAtSubmit = useRef<HTMLElement | null>(null);
  const wasSubmitting = useRef(false);

  // A disabled fieldset drops focus to the body (the HTML standard's focus fixup rule). When the
  // submit is over and focus is still there, give it back (module comment).
  useEffect(() => {
    const ended = wasSubmitting.current && !submitting;
    wasSubmitting.current = Boolean(submitting);
    const active = document.activeElement;
    if (ended && (!active || active === document.body) && focusedAtSubmit.current?.isConnected)
      focusedAtSubmit.current.focus();
  }, [submitting]);

  // What was typed before hydration goes back into the fields, as typed: changed, not touched, so
  // no message shows until the visitor leaves the field or submits
  // (src/shared/forms/typed-before-hydration.ts).
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const typed = typedValuesOf(element, form);
    const names = Object.keys(typed);
    if (names.length === 0) return;
    api.batch(() => {
      for (const name of names) api.change(name, typed[name]);
    });
  }, [api, form, formRef]);

  // A new answer of the route action (a submit with JavaScript): start again from its values, as
  // the server render of that answer does. `restart`, not `reset`: `reset` keeps each field's
  // `touched`, so a password field the user had left, now empty again (secrets never come back),
  // would show "Wachtwoord is verplicht." next to the server's message, a message the form
  // without JavaScript never shows (docs/decisions/095-forms-restart-from-the-server-answer.md).
  const answered = useRef({ serverErrors, serverValues });
  useEffect(() => {
    if (answered.current.serverErrors === serverErrors && answered.current.serverValues === serverValues)
      return;
    answered.current = { serverErrors, serverValues };
    api.restart(coerceValues(form, serverValues ?? {}));
  }, [api, form, serverErrors, serverValues]);

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitterRef.current = (event.nativeEvent as SubmitEvent).submitter ?? null;
    const active = document.activeElement;
    focusedAtSubmit.current =
      active instanceof HTMLElement && event.currentTarget.contains(active) ? active : submitterRef.current;
    void api.submit()?.then(() => {
      const state = api.getState();
      if (state.submitFailed && state.hasValidationErrors) setBlockedSubmits((count) => count + 1);
    });
  };

  return (
    <form
      ref={formRef}
      id={formId}
      method="post"
      action={action}
      noValidate
      onSubmit={onFormSubmit}
      className={className ? `portal-form ${className}` : 'portal-form'}
      aria-busy={submitting || undefined}
    >
      <FormSummary focusKey={blockedSubmits} />
      <fieldset className="portal-form__fieldset" disabled={submitting}>
        {children}
        <IncompleteMessage />
        <div className="portal-form__actions">
          <button type="submit" className={submitTone ? `button button--${submitTone}` : 'button'}>
            {submitLabel ? translate(messages, submitLabel) : t('forms.submit')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

/** Whether the form is in the "refused" state: a blocked submit, or a rejection by the server. */
function useRefused(): boolean {
  const { serverErrors } = usePortalForm();
  const { submitFailed, hasValidationErrors, submitSucceeded } = useFormState({
    subscription: { submitFailed: true, hasValidationErrors: true, submitSucceeded: true },
  });
  return (
    Boolean(submitFailed && hasValidationErrors) || (Object.keys(serverErrors).length > 0 && !submitSucceeded)
  );
}

/** One line of the summary. */
interface SummaryEntry {
  key: string;
  target: string;
  message: string;
}

/** The messages every field shows now, in field order. */
function useSummaryEntries(): SummaryEntry[] {
  const { form, store, formId, serverErrors } = usePortalForm();
  useSyncExternalStore(store.subscribe, store.getVersion, () => 0);
  const {
    touched = {},
    modified = {},
    submitFailed,
    submitSucceeded,
  } = useFormState({
    subscription: { touched: true, modified: true, submitFailed: true, submitSucceeded: true },
  });
  const entries: SummaryEntry[] = [];
  for (const name of form.names) {
    const shown: Displayed = displayedMessages({
      state: store.get(name),
      serverErrors: serverErrors[name],
      touched: touched[name] ?? false,
      modified: modified[name] ?? false,
      checkbox: form.fields[name]?.type === 'checkbox',
      submitAttempted: Boolean(submitFailed || submitSucceeded),
    });
    shown.messages.forEach((message, index) => {
      entries.push({ key: `${name}-${index}`, target: fieldId(formId, name), message });
    });
  }
  return entries;
}

/** Moves focus to a field when its summary line is clicked (the link also works without JavaScript). */
function focusField(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const element = document.getElementById(target);
  if (!element) return;
  event.preventDefault();
  element.scrollIntoView({ block: 'center' });
  const control = element.matches('input, select, textarea') ? element : element.querySelector('input');
  (control as HTMLElement | null)?.focus();
}

/**
 * The error summary (FormKit's `<FormKitSummary>`): heading and one link per message, in a live
 * region; takes focus after each blocked submit.
 */
function FormSummary({ focusKey }: { focusKey: number }) {
  const { t } = useTranslation();
  const refused = useRefused();
  const entries = useSummaryEntries();
  const heading = useRef<HTMLHeadingElement>(null);
  const visible = refused && entries.length > 0;
  const focused = useRef(0);
  useEffect(() => {
    if (visible && focusKey > focused.current) {
      focused.current = focusKey;
      heading.current?.focus();
    }
  }, [focusKey, visible]);
  return (
    <div className="portal-form__summary-region" aria-live="polite">
      {visible && (
        <div className="portal-form__summary">
          <h2 className="portal-form__summary-title" tabIndex={-1} ref={heading}>
            {t('forms.summaryHeader')}
          </h2>
          <ul className="portal-form__summary-list">
            {entries.map((entry) => (
              <li key={entry.key}>
                <a href={`#${entry.target}`} onClick={(event) => focusField(event, entry.target)}>
                  {entry.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/**
 * By the button while the form is refused: the spec's "Form incomplete." ("Formulier onvolledig.")
 * and what it means ("Sorry, niet alle velden zijn correct ingevuld."); untranslated, only
 * "Form incomplete.". The summary above lists the messages.
 */
function IncompleteMessage() {
  const { t, i18n } = useTranslation();
  const { messages } = usePortalForm();
  const refused = useRefused();
  const entries = useSummaryEntries();
  if (!refused || entries.length === 0) return null;
  const explained = i18n.exists('forms.incomplete', { lng: messages.locale });
  return (
    <p className="portal-form__incomplete">
      <strong>{t('forms.incompleteTitle', { defaultValue: FALLBACK_INCOMPLETE })}</strong>
      {explained ? <> {t('forms.incomplete')}</> : null}
    </p>
  );
}
