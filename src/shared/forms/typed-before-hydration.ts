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
 * - {@link watchTypedFields} runs when the forms module loads, which is before hydration on a page
 *   with a form (the browser entry loads the page's modules first, src/client/entry-client.tsx),
 *   and never on the other pages, whose script stays as it was: it records
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

/** A field's state when it was last changed. */
interface TypedRecord {
  value: string;
  checked: boolean;
  /** The chosen options' values (a `<select>`). */
  selected: string[];
}

/** The records, by element. */
const recorded = new WeakMap<Element, TypedRecord>();

/**
 * Records `control` now (a radio button: the one checked; its group's others count as unchecked).
 * @param control an input, select or textarea of a form
 */
function recordTyped(control: Control): void {
  const select = control as HTMLSelectElement;
  recorded.set(control, {
    value: control.value,
    checked: (control as HTMLInputElement).checked === true,
    selected: select.selectedOptions ? [...select.selectedOptions].map((option) => option.value) : [],
  });
}

const dirty = (control: Control): boolean => {
  const input = control as HTMLInputElement;
  const options = (control as HTMLSelectElement).options;
  if (options) return [...options].some((option) => option.selected !== option.defaultSelected);
  return input.type === 'checkbox' || input.type === 'radio'
    ? input.checked !== input.defaultChecked
    : control.value !== (control as HTMLTextAreaElement).defaultValue;
};

/**
 * Starts recording in `root`; the listeners stay (a field changed after hydration is in the form's
 * state already, and its record is not read again).
 * @param root the document
 */
export function watchTypedFields(root: Document): void {
  for (const control of root.querySelectorAll<Control>('input, select, textarea'))
    if (dirty(control)) recordTyped(control);
  const onEdit = (event: Event) => {
    const control = event.target as Control;
    if (control.form) recordTyped(control);
  };
  root.addEventListener('input', onEdit, true);
  root.addEventListener('change', onEdit, true);
}

function isControl(element: unknown): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
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
    // A radio group: the button checked last was recorded, so the others are unchecked.
    const radioChosen = states.some(
      (entry, at) =>
        entry?.checked && controls[at] instanceof HTMLInputElement && controls[at].type === 'radio',
    );
    for (const control of controls) recorded.delete(control);
    const state = (index: number): TypedRecord => {
      const control = controls[index]!;
      return (
        states[index] ?? {
          value: control.value,
          checked: !radioChosen && control instanceof HTMLInputElement && control.checked,
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
