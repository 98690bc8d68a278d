/**
 * Field components of a `<PortalForm>` (docs/product.md#entities "Form field props": label, help, name,
 * validation, options). The rules, label, help and options come from the form definition, so the
 * server action applies the same rules; a component may override the texts and options shown.
 *
 * Each field renders a label tied to its control (`for`/`id`), the control with its `name` (so the
 * form posts without JavaScript), the help text and the messages it shows (see display.ts), with
 * `aria-invalid` and `aria-describedby` pointing at help and messages. Choice groups are a
 * `<fieldset>` with a `<legend>`. A blur caused by a pointer press reaches the form once that
 * press and its click are over (pointer-release.ts), so a message shown on blur never moves the
 * control being clicked from under the pointer.
 */
import { type ReactNode, useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { type UseFieldConfig, useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, FieldOption, TextFieldType } from './define-form.ts';
import { displayedMessages } from './display.ts';
import { EMPTY_FIELD_STATE } from './live-validation.ts';
import { translate } from './messages.ts';
import { afterPointerPress } from './pointer-release.ts';
import { fieldId, usePortalForm } from './portal-form.tsx';

/** Props of every field component; texts are translation keys or plain text. */
export interface FieldProps {
  /** The field's name in the form definition (and the posted name). */
  name: string;
  /** Shown instead of the definition's label. */
  label?: string;
  /** Shown instead of the definition's help text. */
  help?: string;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
}

/** Props of a one-line text input. */
export interface TextFieldProps extends FieldProps {
  /**
   * The earliest value a date picker offers (`YYYY-MM-DD`); a hint for the picker only, the
   * definition's rules decide what passes.
   */
  min?: string;
}

/** Props of fields with choices. */
export interface ChoiceFieldProps extends FieldProps {
  /** Shown instead of the definition's options. */
  options?: readonly FieldOption[];
}

const META = { value: true, touched: true, modified: true, submitFailed: true, submitSucceeded: true };
const keepValue = (value: unknown) => value;

/**
 * A control's `onBlur` as the form hears it: at once, or — when a pointer press moved the focus
 * away — after that press and its click are over, so a message shown on blur never moves the
 * control the visitor is clicking away from under the pointer (pointer-release.ts).
 */
function useBlurAfterPress(onBlur: () => void): () => void {
  const latest = useRef(onBlur);
  useEffect(() => {
    latest.current = onBlur;
  });
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  return useCallback(() => {
    cancel.current?.();
    cancel.current = afterPointerPress(() => {
      cancel.current = null;
      latest.current();
    });
  }, []);
}

/** The shared state of a field component: its control props, ids, texts and shown messages. */
function useFieldControl(name: string, props: ChoiceFieldProps, config: UseFieldConfig = {}) {
  const { form, store, formId, serverErrors, messages } = usePortalForm();
  const definition: FieldDefinition | undefined = form.fields[name];
  if (!definition) throw new Error(`The form has no field "${name}"`);
  const field = useField(name, { ...config, validate: store.validator(name), subscription: META });
  const { meta } = field;
  const onBlur = useBlurAfterPress(field.input.onBlur);
  const input = { ...field.input, onBlur };
  const state = useSyncExternalStore(
    store.subscribe,
    () => store.get(name),
    () => EMPTY_FIELD_STATE,
  );
  const shown = displayedMessages({
    state,
    serverErrors: serverErrors[name],
    touched: meta.touched ?? false,
    modified: meta.modified ?? false,
    checkbox: definition.type === 'checkbox',
    submitAttempted: Boolean(meta.submitFailed || meta.submitSucceeded),
  });
  const shownRules = shown.rules.join('|');
  useEffect(() => {
    store.markShown(name, shownRules ? shownRules.split('|') : []);
  }, [store, name, shownRules]);

  const id = fieldId(formId, name);
  const labelText = props.label ?? definition.label;
  const helpText = props.help ?? definition.help;
  const helpId = helpText ? `${id}-help` : undefined;
  const messagesId = shown.messages.length > 0 ? `${id}-messages` : undefined;
  const placeholder = props.placeholder ?? definition.placeholder;
  return {
    definition,
    input,
    id,
    label: labelText ? translate(messages, labelText) : undefined,
    help: helpText ? translate(messages, helpText) : undefined,
    helpId,
    messagesId,
    describedBy: [helpId, messagesId].filter(Boolean).join(' ') || undefined,
    messages: shown.messages,
    invalid: shown.messages.length > 0,
    required: (form.rules[name] ?? []).some((rule) => rule.name === 'required' || rule.name === 'accepted'),
    placeholder: placeholder ? translate(messages, placeholder) : undefined,
    autoComplete: props.autoComplete ?? definition.autoComplete,
    options: (props.options ?? definition.options ?? []).map((option) => ({
      value: option.value,
      label: translate(messages, option.label),
    })),
  };
}

type Control = ReturnType<typeof useFieldControl>;

/** Help text and messages below a control. */
function FieldFooter({ control }: { control: Control }) {
  return (
    <>
      {control.help && (
        <p className="form-field__help" id={control.helpId}>
          {control.help}
        </p>
      )}
      {control.messages.length > 0 && (
        <ul className="form-field__messages" id={control.messagesId}>
          {[...new Set(control.messages)].map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Label, control, help and messages of a single-control field. */
function FieldShell({
  control,
  kind,
  className,
  children,
}: {
  control: Control;
  kind: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['form-field', `form-field--${kind}`, control.invalid && 'form-field--invalid', className];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {control.label && (
        <label className="form-field__label" htmlFor={control.id}>
          {control.label}
        </label>
      )}
      {children}
      <FieldFooter control={control} />
    </div>
  );
}

/** Accessibility attributes of a control. */
function controlAttributes(control: Control) {
  return {
    id: control.id,
    'aria-invalid': control.invalid || undefined,
    'aria-describedby': control.describedBy,
    'aria-required': control.required || undefined,
  };
}

const TEXT_TYPES: readonly TextFieldType[] = [
  'text',
  'email',
  'password',
  'tel',
  'url',
  'search',
  'number',
  'date',
  'hidden',
];

/** A one-line text input; its `type` comes from the definition (`email`, `password`, `tel`, …). */
export function TextField(props: TextFieldProps) {
  const control = useFieldControl(props.name, props, { parse: keepValue });
  const type = TEXT_TYPES.find((candidate) => candidate === control.definition.type) ?? 'text';
  return (
    <FieldShell control={control} kind="text" className={props.className}>
      <input
        {...control.input}
        {...controlAttributes(control)}
        type={type}
        value={String(control.input.value ?? '')}
        className="form-field__control"
        placeholder={control.placeholder}
        autoComplete={control.autoComplete}
        min={props.min}
      />
    </FieldShell>
  );
}

/** A multi-line text input. */
export function TextArea(props: FieldProps & { rows?: number }) {
  const control = useFieldControl(props.name, props, { parse: keepValue });
  return (
    <FieldShell control={control} kind="textarea" className={props.className}>
      <textarea
        {...control.input}
        {...controlAttributes(control)}
        value={String(control.input.value ?? '')}
        rows={props.rows ?? 5}
        className="form-field__control"
        placeholder={control.placeholder}
        autoComplete={control.autoComplete}
      />
    </FieldShell>
  );
}

/** A select; several choices when the definition says `multiple: true`. */
export function Select(props: ChoiceFieldProps) {
  const { t } = useTranslation();
  const probe = usePortalForm().form.fields[props.name];
  const multiple = probe?.multiple === true;
  const control = useFieldControl(
    props.name,
    props,
    multiple ? { multiple: true, type: 'select' } : { parse: keepValue },
  );
  return (
    <FieldShell control={control} kind="select" className={props.className}>
      <select
        {...control.input}
        {...controlAttributes(control)}
        multiple={multiple || undefined}
        value={multiple ? (control.input.value ?? []) : String(control.input.value ?? '')}
        className="form-field__control"
        autoComplete={control.autoComplete}
      >
        {!multiple && <option value="">{control.placeholder ?? t('forms.chooseOption')}</option>}
        {control.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** One radio button or checkbox of a group. */
function ChoiceInput({
  name,
  type,
  value,
  id,
  label,
  invalid,
}: {
  name: string;
  type: 'radio' | 'checkbox';
  value: string;
  id: string;
  label: string;
  invalid: boolean;
}) {
  const field = useField(name, { type, value, subscription: { value: true } });
  const onBlur = useBlurAfterPress(field.input.onBlur);
  const input = { ...field.input, onBlur };
  return (
    <div className="form-field__choice">
      <input {...input} id={id} aria-invalid={invalid || undefined} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A group of choices in a fieldset. */
function ChoiceGroup({ props, type }: { props: ChoiceFieldProps; type: 'radio' | 'checkbox' }) {
  const control = useFieldControl(props.name, props);
  const classes = [
    'form-field',
    'form-field--group',
    control.invalid && 'form-field--invalid',
    props.className,
  ];
  return (
    <fieldset
      className={classes.filter(Boolean).join(' ')}
      id={control.id}
      aria-describedby={control.describedBy}
      aria-invalid={control.invalid || undefined}
    >
      {control.label && <legend className="form-field__label">{control.label}</legend>}
      <div className="form-field__options">
        {control.options.map((option, index) => (
          <ChoiceInput
            key={option.value}
            name={props.name}
            type={type}
            value={option.value}
            id={`${control.id}-${index}`}
            label={option.label}
            invalid={control.invalid}
          />
        ))}
      </div>
      <FieldFooter control={control} />
    </fieldset>
  );
}

/** Radio buttons for one choice out of the field's options. */
export function RadioGroup(props: ChoiceFieldProps) {
  return <ChoiceGroup props={props} type="radio" />;
}

/**
 * A checkbox: a single yes/no box (value `true`/`false`, posted as `on`) or, when the field has
 * options, a group of boxes (a list of the checked option values).
 */
export function Checkbox(props: ChoiceFieldProps) {
  const definition = usePortalForm().form.fields[props.name];
  if (props.options ?? definition?.options) return <ChoiceGroup props={props} type="checkbox" />;
  return <SingleCheckbox {...props} />;
}

/** A single yes/no checkbox with its label after the box. */
function SingleCheckbox(props: FieldProps) {
  const control = useFieldControl(props.name, props, { type: 'checkbox' });
  const classes = [
    'form-field',
    'form-field--checkbox',
    control.invalid && 'form-field--invalid',
    props.className,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="form-field__choice">
        {/* Posted as `on` when checked, like a checkbox without a value; the form state holds a boolean. */}
        <input {...control.input} {...controlAttributes(control)} type="checkbox" value="on" />
        {control.label && <label htmlFor={control.id}>{control.label}</label>}
      </div>
      <FieldFooter control={control} />
    </div>
  );
}
