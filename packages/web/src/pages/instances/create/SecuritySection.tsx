import type { Control } from "react-hook-form";
import { CheckboxField } from "../../../components/form/CheckboxField.tsx";
import type { InstanceCreateFormValues } from "./create-form-values.ts";

/** Settings that guard the instance once it exists. */
export function SecuritySection({ control }: { control: Control<InstanceCreateFormValues> }) {
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-security">
      <h2 className="p-heading--4" id="instance-create-security">
        Security
      </h2>
      <CheckboxField
        control={control}
        name="deleteProtected"
        label="Delete protection"
        help="The instance cannot be deleted until the protection is turned off."
      />
    </section>
  );
}
