import { useId } from "react";
import { LazyCodeEditor } from "../../../components/code-editor/LazyCodeEditor.tsx";
import { manifestDiagnostics } from "./manifest-diagnostics.ts";

interface ManifestSectionProps {
  /** Whether the editor is shown ("Customize manifest.yaml"). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The manifest.yaml shown: the form's, or the person's edit of it. */
  text: string;
  onTextChange: (text: string) => void;
  /** What the form's rules say about manifest keys that have no field of their own. */
  problems: string | undefined;
}

/**
 * The manifest.yaml the form makes, behind a switch, in a YAML editor with the cluster's rules
 * marked by line; edits flow back into the fields. The problems are also listed under it, as text,
 * for those who do not see the marks.
 */
export function ManifestSection({
  open,
  onOpenChange,
  text,
  onTextChange,
  problems,
}: ManifestSectionProps) {
  const id = useId();
  const diagnostics = open ? manifestDiagnostics(text) : [];
  return (
    <section className="form-section" aria-labelledby={`${id}-heading`}>
      <h2 className="p-heading--4" id={`${id}-heading`}>
        Manifest
      </h2>
      <label className="p-checkbox">
        <input
          className="p-checkbox__input"
          type="checkbox"
          role="switch"
          checked={open}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            onOpenChange(event.target.checked);
          }}
        />
        <span className="p-checkbox__label">Customize manifest.yaml</span>
      </label>
      <p className="p-form-help-text" id={`${id}-help`}>
        The form makes the application&apos;s manifest.yaml; edit it to set what the form has no
        field for (services, addons, hooks). The fields follow your edits.
      </p>
      {open && (
        <>
          <LazyCodeEditor
            value={text}
            onChange={onTextChange}
            diagnose={manifestDiagnostics}
            label="manifest.yaml"
            describedBy={`${id}-problems`}
          />
          <div id={`${id}-problems`} aria-live="polite">
            {diagnostics.length > 0 ? (
              <ul className="application-form__problems">
                {diagnostics.map((problem) => (
                  <li key={`${String(problem.from)}-${problem.message}`}>
                    Line {problem.line}: {problem.message}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="p-form-help-text">
                The cluster&apos;s manifest rules find nothing wrong.
              </p>
            )}
          </div>
        </>
      )}
      {problems !== undefined && !open && (
        <p className="p-form-validation__message" role="alert">
          The manifest: {problems} Customize manifest.yaml to correct it.
        </p>
      )}
    </section>
  );
}
