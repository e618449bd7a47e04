interface Props {
  onCancel: () => void;
  /** Something was changed: Save is offered. */
  changed: boolean;
  saving: boolean;
}

/** The foot of an editor panel: Cancel, and Save (the form's submit) once something changed. */
export function PanelButtons({ onCancel, changed, saving }: Props) {
  return (
    <div className="permissions__panel-buttons">
      <button type="button" className="p-button--base" onClick={onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        className="p-button--positive"
        disabled={!changed || saving}
        title={changed ? undefined : "Nothing changed to save"}
        aria-busy={saving}
      >
        {saving ? "Saving…" : "Save"}
      </button>
    </div>
  );
}
