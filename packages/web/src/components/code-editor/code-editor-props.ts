/** A problem of the text, at character offsets. */
export interface CodeProblem {
  from: number;
  to: number;
  message: string;
}

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The problems of a text, marked in it (called as the text changes). */
  diagnose: (text: string) => CodeProblem[];
  /** The editor's accessible name. */
  label: string;
  /** The id of what describes the editor (its help, its list of problems). */
  describedBy?: string | undefined;
}
