/**
 * What a visitor typed into a server-rendered form before the page hydrated.
 *
 * The server renders each field with its value; a visitor on a slow phone may type before the
 * JavaScript has run. Hydration then writes the form's initial values into the controlled fields,
 * so without this the typed text was gone (measured: an e-mail address and password typed on
 * /inloggen before the scripts loaded were empty after hydration, and the submit said
 * "Wachtwoord is verplicht."; on a busy machine the end-to-end sign-in of
 * tests/e2e/account-data.test.ts met the same race).
 *
 * - {@link watchTypedFields} runs first thing in the browser entry, before hydration: it records
 *   every field whose state differs from its server-rendered default (HTML's dirty value: `value`
 *   ≠ `defaultValue`, `checked` ≠ `defaultChecked`, `selected` ≠ `defaultSelected`), and then each
 *   field the visitor changes while the page hydrates (`input` and `change` events; hydration's
 *   own writes fire none).
 * - `<PortalForm>` asks {@link typedValuesOf} for its `<form>` element once it has mounted and puts
 *   what it finds into its state (src/shared/forms/portal-form.tsx).
 *
 * Hydration keeps the server's elements, so a field is found by the element itself (a WeakMap),
 * not by an id.
 */
import type { FieldMap, FormDefinition } from './define-form.ts';

/** Raw values by field name: a string (text), a boolean (one checkbox) or strings (a list). */
export type TypedValues = Record<string, string | boolean | string[]>;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface Recorded {
  value: string;
  checked: boolean;
  selected: string[];
}

const recorded = new WeakMap<Element, Recorded>();

function isControl(element: unknown): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

function isDirty(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  }
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    return control.checked !== control.defaultChecked;
  }
  return control.value !== control.defaultValue;
}

function record(control: Control): void {
  if (control instanceof HTMLInputElement && (control.type === 'hidden' || control.type === 'file')) return;
  recorded.set(control, {
    value: control.value,
    checked: control instanceof HTMLInputElement && control.checked,
    selected:
      control instanceof HTMLSelectElement ? [...control.selectedOptions].map((option) => option.value) : [],
  });
  // A radio group: its other buttons changed too (unchecked).
  if (control instanceof HTMLInputElement && control.type === 'radio' && control.form) {
    for (const other of control.form.elements) {
      if (
        other !== control &&
        other instanceof HTMLInputElement &&
        other.type === 'radio' &&
        other.name === control.name
      )
        recorded.set(other, { value: other.value, checked: other.checked, selected: [] });
    }
  }
}

/**
 * Starts recording typed fields in `root` (the browser entry calls it before hydration).
 * @param root the document
 * @returns a function that stops listening
 */
export function watchTypedFields(root: Document): () => void {
  for (const form of root.forms) {
    for (const control of form.elements) if (isControl(control) && isDirty(control)) record(control);
  }
  const onEdit = (event: Event) => {
    if (isControl(event.target)) record(event.target);
  };
  root.addEventListener('input', onEdit, true);
  root.addEventListener('change', onEdit, true);
  return () => {
    root.removeEventListener('input', onEdit, true);
    root.removeEventListener('change', onEdit, true);
  };
}

/**
 * The values recorded for the fields of `form` in the `<form>` element `element`, by field name;
 * fields nobody changed are left out. Each field's record is used once: a later call (the form
 * mounted again) finds nothing.
 * @param element the form element (`<PortalForm>`'s ref)
 * @param form the form's definition (its field names and value kinds)
 */
export function typedValuesOf<F extends FieldMap>(
  element: HTMLFormElement,
  form: FormDefinition<F>,
): TypedValues {
  const typed: TypedValues = {};
  for (const name of form.names) {
    const controls = [...element.elements].filter(
      (control): control is Control => isControl(control) && control.name === name,
    );
    const states = controls.map((control) => recorded.get(control));
    if (!states.some(Boolean)) continue;
    for (const control of controls) recorded.delete(control);
    const state = (index: number): Recorded => {
      const control = controls[index]!;
      return (
        states[index] ?? {
          value: control.value,
          checked: control instanceof HTMLInputElement && control.checked,
          selected: [],
        }
      );
    };
    const kind = form.kind(name);
    if (kind === 'boolean') {
      typed[name] = controls.some((_, index) => state(index).checked);
    } else if (kind === 'list') {
      typed[name] = controls.flatMap((control, index) =>
        control instanceof HTMLSelectElement
          ? state(index).selected
          : state(index).checked
            ? [state(index).value]
            : [],
      );
    } else {
      const index = controls.findIndex(
        (control, at) =>
          !(control instanceof HTMLInputElement && control.type === 'radio') || state(at).checked,
      );
      typed[name] = index === -1 ? '' : state(index).value;
    }
  }
  return typed;
}
