/**
 * The portal's form library (docs/product.md#states, docs/product.md#validation, docs/product.md#errors): one `defineForm` definition per
 * form, validated in the browser by `<PortalForm>` and its fields (react-final-form) and on the
 * server by `validateForm` (valibot coercion, the same rules and messages). Rules, hints and
 * message texts follow FormKit (docs/decisions/030-form-library.md).
 *
 * Server code that only validates may import `define-form.ts` and `validate-form.ts` directly to
 * stay clear of React.
 */
export {
  type AnyFieldValue,
  coerceValues,
  defineForm,
  type FieldDefinition,
  type FieldMap,
  type FieldOption,
  type FieldType,
  type FieldValue,
  type FormDefinition,
  type FormValues,
} from './define-form.ts';
export type { RuleFailure } from './engine.ts';
export {
  Checkbox,
  type ChoiceFieldProps,
  type FieldProps,
  RadioGroup,
  Select,
  TextArea,
  TextField,
  type TextFieldProps,
} from './fields.tsx';
export { IBAN_RULE, isValidIban } from './iban.ts';
export type { RuleIntent, ValidationSpec } from './parse.ts';
export { PortalForm, type PortalFormProps, type SubmitContext } from './portal-form.tsx';
export {
  type FieldErrors,
  type FormActionData,
  type FormInput,
  type FormValidationResult,
  formFailure,
  readFormInput,
  validateForm,
} from './validate-form.ts';
