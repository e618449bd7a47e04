import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { AmsConfigValue, ConfigKeyView } from "../../api/config.ts";
import { SubmitButton } from "../../components/form/SubmitButton.tsx";
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
  const resetReason = resetUnavailableReason(configKey);

  const save = (value: AmsConfigValue) => {
    clearErrors(field);
    update.mutate(
      { clusterId, name: configKey.name, value },
      {
        onSuccess: (saved) => {
          reset(configKeyFormValues(saved));
        },
        onError: (error) => {
          setError(field, { type: clusterRefusal, message: error.message }, { shouldFocus: true });
        },
      },
    );
  };
  const submit = handleSubmit((values) => {
    save(configPatchValue(configKey, values));
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
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <ConfigValueField configKey={configKey} control={control} />
        <div className="config-key__actions">
          {/* The submit button of the form kit takes no title: its reason is on its wrapper. */}
          <span title={changed ? undefined : "Nothing changed to save"}>
            <SubmitButton
              className="p-button--positive u-no-margin--bottom"
              busy={update.isPending}
              busyLabel="Saving…"
              disabled={!changed || update.isPending}
            >
              Save
            </SubmitButton>
          </span>
          {changed && (
            <button
              type="button"
              className="p-button u-no-margin--bottom"
              disabled={update.isPending}
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
            disabled={resetReason !== undefined || update.isPending}
            title={resetReason}
            onClick={() => {
              if (configKey.default !== undefined) save(configKey.default);
            }}
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
