// How deep a JSON request body may nest, shared by the dashboard server and the cluster, so that
// both refuse the same bodies with the same words before any code walks them.

/**
 * The deepest nesting of arrays and objects a JSON request body may have. The deepest real body
 * nests 4 levels (an instance's `config.display`); recursive code (a schema, `JSON.stringify` of a
 * body passed on) overflows the stack past a few thousand, which a 1 MB body reaches easily.
 */
export const maxJsonNesting = 32;

export const jsonNestingMessage = `The JSON body is nested more than ${String(maxJsonNesting)} levels deep`;

const openBracket = 0x5b; // [
const closeBracket = 0x5d; // ]
const openBrace = 0x7b; // {
const closeBrace = 0x7d; // }
const quote = 0x22; // "
const backslash = 0x5c; // \

/**
 * Whether the arrays and objects of a JSON text nest deeper than `limit`: one pass over the text,
 * without parsing it or recursing, stopping as soon as the limit is passed. Brackets inside strings
 * do not count. Text that is not JSON is counted as far as it goes (the parser refuses it after).
 */
export function jsonNestsDeeperThan(text: string, limit = maxJsonNesting): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index += 1;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (code === openBracket || code === openBrace) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === closeBracket || code === closeBrace) {
      depth -= 1;
    }
  }
  return false;
}
