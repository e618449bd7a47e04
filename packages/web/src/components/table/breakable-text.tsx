import { Fragment, type ReactNode } from "react";

/** After these, a long name may go on to the next line: "jammy:android15:amd64", "my-game_v2". */
const separators = /(?<=[-_:./])/;

/**
 * A name that may wrap only between its parts: a browser finds no place to break a word without
 * spaces, and breaks it anywhere (mid-word) when the column is narrower. `<wbr>` marks the places.
 */
export function breakableText(text: string): ReactNode {
  const parts = text.split(separators);
  if (parts.length < 2) return text;
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
