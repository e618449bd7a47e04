interface Props {
  /** What it removes, as a screen reader names the button: "Remove can_view on cluster:lab". */
  label: string;
  /** Why it may not be removed, if it may not: the button is then disabled, with that title. */
  refusal: string | undefined;
  onRemove: () => void;
}

/** A row's Remove in a group editor's staged table (permissions, limits): undone until Save. */
export function RemoveStagedButton({ label, refusal, onRemove }: Props) {
  return (
    <button
      type="button"
      className="p-button is-dense u-no-margin--bottom"
      aria-label={label}
      title={refusal}
      disabled={refusal !== undefined}
      onClick={onRemove}
    >
      Remove
    </button>
  );
}
