// eslint-disable-next-line no-restricted-imports -- the one wrapper of Blueprint's Tag
import { Tag as BlueprintTag, type TagProps } from '@blueprintjs/core';

/**
 * Blueprint's Tag with its text cut by CSS alone (decision 0139). Blueprint's own measures its text after every render
 * (its Text reads `scrollWidth` in a layout effect, to add a title when the text overflows), which makes the browser
 * lay the page out again, once per render of each tag: a list with a tag per row paid it on every live update. The
 * panel's tags hold a word or two; an overlong one is still cut with an ellipsis (`depot-tag` in app.css), and a
 * caller that expects overflow gives `htmlTitle`.
 */
export function Tag({ className, ...props }: TagProps) {
  return <BlueprintTag multiline {...props} className={className ? `depot-tag ${className}` : 'depot-tag'} />;
}
