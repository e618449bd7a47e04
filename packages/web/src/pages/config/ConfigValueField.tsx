import { useId } from "react";
import { useController, type Control } from "react-hook-form";
import type { ConfigKeyView } from "../../api/config.ts";
import { FieldGroup, type FieldControlProps } from "../../components/form/FieldGroup.tsx";
import type { ConfigKeyFormValues } from "./config-key-form.ts";

/** The error type of a refusal the cluster sent: shown at once, however the field was reached. */
export const clusterRefusal = "cluster";

interface Props {
  configKey: ConfigKeyView;
  control: Control<ConfigKeyFormValues>;
}

/**
 * The editor that fits a key's type, in a form kit field group (label, message and help tied to
 * the control): a switch for booleans, a number field with the key's bounds, a select of the
 * allowed values, a duration field with its hint, a text field for the rest. A message of the
 * browser's checks shows once the field is left or the form sent; the cluster's refusal at once.
 */
export function ConfigValueField({ configKey, control }: Props) {
  const id = useId();
  const isSwitch = configKey.type === "boolean";
  const { field, fieldState, formState } = useController({
    control,
    name: isSwitch ? "on" : "text",
  });
  const error = fieldState.error;
  const shown =
    error?.type === clusterRefusal || fieldState.isTouched || formState.isSubmitted
      ? error?.message
      : undefined;
  const label = (
    <>
      Value<span className="u-off-screen"> of {configKey.name}</span>
    </>
  );
  const bind = (tie: FieldControlProps) => ({
    ...tie,
    id,
    name: `${configKey.name}.${field.name}`,
    ref: field.ref,
    onBlur: field.onBlur,
  });

  if (isSwitch) {
    const on = field.value === true;
    return (
      <FieldGroup
        id={id}
        label={label}
        error={shown}
        control={(tie) => (
          <span className="config-switch">
            <input
              className="config-switch__input"
              type="checkbox"
              role="switch"
              checked={on}
              {...bind(tie)}
              onChange={(event) => {
                field.onChange(event.target.checked);
              }}
            />
            <span className="config-switch__slider" aria-hidden="true" />
            {/* The switch's state is announced by the switch itself. */}
            <span className="config-switch__state" aria-hidden="true">
              {on ? "true" : "false"}
            </span>
          </span>
        )}
      />
    );
  }

  const text = typeof field.value === "string" ? field.value : String(field.value);
  const onChange = (value: string) => {
    field.onChange(value);
  };
  return (
    <FieldGroup
      id={id}
      label={label}
      error={shown}
      help={helpOf(configKey)}
      control={(tie) => {
        switch (configKey.type) {
          case "enum":
            return (
              <select
                className="p-form-validation__input"
                value={text}
                {...bind(tie)}
                onChange={(event) => {
                  onChange(event.target.value);
                }}
              >
                {/* A value set outside the allowed ones (by an older cluster) stays shown. */}
                {!(configKey.allowed ?? []).includes(text) && <option value={text}>{text}</option>}
                {(configKey.allowed ?? []).map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            );
          case "integer":
            return (
              <input
                className="p-form-validation__input"
                type="number"
                inputMode="numeric"
                step={1}
                min={configKey.min}
                max={configKey.max}
                value={text}
                autoComplete="off"
                {...bind(tie)}
                onChange={(event) => {
                  onChange(event.target.value);
                }}
              />
            );
          default:
            return (
              <input
                className="p-form-validation__input"
                type="text"
                value={text}
                autoComplete="off"
                spellCheck={false}
                placeholder={configKey.type === "duration" ? "30s, 5m, 1h" : undefined}
                {...bind(tie)}
                onChange={(event) => {
                  onChange(event.target.value);
                }}
              />
            );
        }
      }}
    />
  );
}

/** How a duration is written, under its field (the browser checks it as the cluster does). */
const durationHint = "A number and a unit: 30s, 5m, 1h (or 1h30m).";

/** What a field says under itself: its bounds, or how a duration is written. */
function helpOf(key: ConfigKeyView): string | undefined {
  if (key.type === "duration") return durationHint;
  if (key.type === "integer" && key.min !== undefined && key.max !== undefined) {
    return `A whole number from ${String(key.min)} to ${String(key.max)}.`;
  }
  return undefined;
}
