import type { InstanceCreateFormValues, SetFormField } from "./create-form-values.ts";
import { CheckboxField } from "./CheckboxField.tsx";

/** Settings that guard the instance once it exists. */
export function SecuritySection({
  values,
  setField,
}: {
  values: InstanceCreateFormValues;
  setField: SetFormField;
}) {
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-security">
      <h2 className="p-heading--4" id="instance-create-security">
        Security
      </h2>
      <CheckboxField
        id="instance-delete-protected"
        label="Delete protection"
        checked={values.deleteProtected}
        help="The instance cannot be deleted until the protection is turned off."
        onChange={(deleteProtected) => {
          setField("deleteProtected", deleteProtected);
        }}
      />
    </section>
  );
}
