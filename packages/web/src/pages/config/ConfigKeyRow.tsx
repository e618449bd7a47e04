import { useId, type SubmitEvent } from "react";
import { useMay } from "../../permissions/use-may.ts";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { AmsConfigValue, ConfigKeyView } from "../../api/config.ts";
import { SubmitButton } from "../../components/form/SubmitButton.tsx";
import { useFormSubmission } from "../../components/form/use-form-submission.ts";
import { useLeaveGuard } from "../../components/form/leave-guard/use-leave-guard.ts";
import { useUpdateConfigKey } from "../../queries/config.ts";
import {
  configKeyFormSchema,
  configKeyFormValues,
  configPatchValue,
  resetUnavailableReason,
  shownValue,
  type ConfigKeyFormValues,
} from "./config-key-form.ts";
import { ConfigValueField, clusterRefusal } from "./ConfigValueField.tsx";

interface Props {
  clusterId: string;
  configKey: ConfigKeyView;
}

/** What a key of the dashboard's catalogue lacks: said instead of its description. */
const unknownKeyDescription = "No description: the dashboard does not know this key";

/**
 * One key: what it is (name, description, type, default, current value) and its own form, which
 * saves this key alone. A change not saved yet is marked, and said to screen readers, until it is
 * saved or discarded; the cluster's refusal shows at the field in the cluster's words.
 */
export function ConfigKeyRow({ clusterId, configKey }: Props) {
  const nameId = useId();
  const { control, handleSubmit, formState, reset, setError, clearErrors } =
    useForm<ConfigKeyFormValues>({
      // The key as the cluster has it: a change saved elsewhere updates the field in place,
      // unless it is being edited here.
      values: configKeyFormValues(configKey),
      resetOptions: { keepDirtyValues: true },
      mode: "onTouched",
      resolver: zodResolver(configKeyFormSchema(configKey)),
    });
  const update = useUpdateConfigKey();
  const field = configKey.type === "boolean" ? "on" : "text";
  const changed = formState.isDirty;
  // One who may view the configuration but not change it sees why on each button.
  const refused = useMay().may("can_edit_config", `cluster:${clusterId}`);
  const resetReason = refused ?? resetUnavailableReason(configKey);

  // Save and Reset to default send one change at a time (a double click sends it once).
  const submission = useFormSubmission({ endsForm: false });
  useLeaveGuard(changed && !submission.pending);
  const save = async (value: AmsConfigValue) => {
    clearErrors(field);
    try {
      const saved = await update.mutateAsync({ clusterId, name: configKey.name, value });
      reset(configKeyFormValues(saved));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setError(field, { type: clusterRefusal, message }, { shouldFocus: true });
    }
  };
  const submit = submission.guard((event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit((values) => save(configPatchValue(configKey, values)))(event),
  );
  const resetToDefault = submission.guard(async () => {
    if (configKey.default !== undefined) await save(configKey.default);
  });

  return (
    <li className={`config-key${changed ? " is-changed" : ""}`}>
      <div className="config-key__about">
        <h3 className="config-key__name p-heading--5" id={nameId}>
          {configKey.name}
        </h3>
        <p className="config-key__description">
          {configKey.known ? configKey.description : unknownKeyDescription}
        </p>
        <dl className="config-key__facts">
          <div>
            <dt>Type</dt>
            <dd>{configKey.type}</dd>
          </div>
          <div>
            <dt>Default</dt>
            <dd>{shownValue(configKey.default)}</dd>
          </div>
          <div>
            <dt>Current</dt>
            <dd>{shownValue(configKey.value)}</dd>
          </div>
        </dl>
      </div>
      <form
        className="p-form config-key__form"
        noValidate
        aria-labelledby={nameId}
        onSubmit={submit}
      >
        <ConfigValueField configKey={configKey} control={control} />
        <div className="config-key__actions">
          {/* The submit button of the form kit takes no title: its reason is on its wrapper. */}
          <span title={refused ?? (changed ? undefined : "Nothing changed to save")}>
            <SubmitButton
              className="p-button--positive u-no-margin--bottom"
              busy={submission.pending}
              busyLabel="Saving…"
              disabled={refused !== undefined || !changed || submission.pending}
            >
              Save
            </SubmitButton>
          </span>
          {changed && (
            <button
              type="button"
              className="p-button u-no-margin--bottom"
              disabled={submission.pending}
              onClick={() => {
                reset(configKeyFormValues(configKey));
              }}
            >
              Discard
            </button>
          )}
          <button
            type="button"
            className="p-button--base u-no-margin--bottom"
            disabled={resetReason !== undefined || submission.pending}
            title={resetReason}
            onClick={resetToDefault}
          >
            Reset to default
          </button>
          {/* Present from the start, so that its change is announced. */}
          <span className="config-key__changed" aria-live="polite">
            {changed && <span className="p-status-label--caution">Changed, not saved</span>}
          </span>
        </div>
      </form>
    </li>
  );
}
