import { Suspense } from "react";
import { lazyWithRetry } from "../../util/lazy-with-retry.ts";
import type { CodeEditorProps } from "./code-editor-props.ts";

// CodeMirror is a few hundred kilobytes: it loads, in a chunk of its own, when an editor is shown.
const CodeEditor = lazyWithRetry<CodeEditorProps>(() => import("./CodeEditor.tsx"));

/** The code editor, loaded when first shown; "Loading the editor…" until then. */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<p className="code-editor__loading">Loading the editor…</p>}>
      <CodeEditor {...props} />
    </Suspense>
  );
}
