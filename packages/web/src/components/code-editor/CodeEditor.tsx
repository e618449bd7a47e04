import { useEffect, useRef } from "react";
import { basicSetup } from "codemirror";
import { yaml } from "@codemirror/lang-yaml";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import type { CodeEditorProps } from "./code-editor-props.ts";
import "./_code-editor.scss";

/**
 * A YAML editor (CodeMirror 6): highlighting, line numbers, and the problems `diagnose` finds
 * marked in the text and the gutter. Controlled: `value` is the text shown, `onChange` gets each
 * edit; a `value` that differs from what is in the editor (the form changed it) replaces it.
 * The default export, loaded in a chunk of its own (`LazyCodeEditor`).
 */
export default function CodeEditor({
  value,
  onChange,
  diagnose,
  label,
  describedBy,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest handlers, read by the editor's extensions, which are made once.
  const handlers = useRef({ onChange, diagnose });
  useEffect(() => {
    handlers.current = { onChange, diagnose };
  }, [onChange, diagnose]);

  useEffect(() => {
    const parent = host.current;
    if (parent === null) return;
    const editor = new EditorView({
      parent,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          yaml(),
          lintGutter(),
          linter(
            (current): Diagnostic[] =>
              handlers.current.diagnose(current.state.doc.toString()).map((problem) => ({
                from: Math.min(problem.from, current.state.doc.length),
                to: Math.min(problem.to, current.state.doc.length),
                severity: "error",
                message: problem.message,
              })),
            { delay: 250 },
          ),
          EditorView.contentAttributes.of({
            "aria-label": label,
            ...(describedBy === undefined ? {} : { "aria-describedby": describedBy }),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) handlers.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Made once: later values arrive through the effect below, handlers through the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor === null) return;
    const shown = editor.state.doc.toString();
    if (shown !== value) {
      editor.dispatch({ changes: { from: 0, to: shown.length, insert: value } });
    }
  }, [value]);

  return <div className="code-editor" ref={host} />;
}
