import {
  useController,
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
  type RefCallBack,
} from "react-hook-form";

/**
 * What ties a field component to its form: the form's `control` and the field's name, which
 * TypeScript only accepts for a value of the field's kind (text for a text field, a `File` for a
 * file field).
 */
export interface FieldBinding<Values extends FieldValues, Value> {
  control: Control<Values>;
  name: FieldPathByValue<Values, Value>;
}

/** A field's value and handlers, and the message to show under it now. */
interface BoundField<Value> {
  name: string;
  value: Value;
  onChange: (value: Value) => void;
  /** Marks the field as left: its message shows from then on. */
  onBlur: () => void;
  /** For the control that takes the focus when the form is sent with this field wrong. */
  ref: RefCallBack;
  error: string | undefined;
}

/** How a field is checked, besides by the form's schema. */
export interface FieldChecking<Values extends FieldValues> {
  /** Its message shows at once, not once it is left (checked while it is typed). */
  live?: boolean;
  /** Fields checked again when this one changes: those whose rules read it (a confirmation). */
  revalidates?: FieldPath<Values>[];
}

/**
 * Binds a field component to react-hook-form. A message shows once the field has been left or
 * the form sent, not at the first keystroke; a `live` field (the instance name) shows its
 * message at once.
 */
export function useFormField<Values extends FieldValues, Value>(
  { control, name }: FieldBinding<Values, Value>,
  { live = false, revalidates }: FieldChecking<Values> = {},
): BoundField<Value> {
  const { field, fieldState, formState } = useController({
    control,
    name,
    rules: revalidates === undefined ? undefined : { deps: revalidates },
  });
  const shown = live || fieldState.isTouched || formState.isSubmitted;
  return {
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    error: shown ? fieldState.error?.message : undefined,
  };
}
